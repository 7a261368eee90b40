import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useUser } from '../../data/user';
import type { PushState } from '../../lib/push';
import { pushStateQueryOptions, refreshPushSubscription } from '../../lib/push-subscription';
import type { MemberPrompt } from '../rules';
import { ActivationPrompt } from './activation-reminder';
import { DisabledNotificationsPrompt } from './disabled-notifications-alert';
import type { PromptDismissal } from './member-prompt-slot';
import { ProfilePhotoPrompt } from './profile-photo-alert';
import { PushPrompt } from './push-alert';
import { VerificationNoticePrompt } from './verification-notice';
import './member-prompt.scss';

// The phone modal (and react-bootstrap's Modal with it) loads only for those who see it.
const ActivationModal = lazy(() =>
  import('./activation-modal').then((module) => ({ default: module.ActivationModal })),
);

interface MemberPromptBodyProps {
  prompt: MemberPrompt | null;
  onDismiss: (name: PromptDismissal) => void;
  onModalClose: () => void;
  onMailEnabled: () => void;
  onPushState: (state: PushState) => void;
}

/**
 * The prompt the slot chose, inside the box it keeps. For every member it also reads this
 * browser's push state for the slot's choice (and follows its changes: subscribing, the push
 * switch), and stores the browser's push subscription again for the member who logs in on it.
 */
export function MemberPromptBody({
  prompt,
  onDismiss,
  onModalClose,
  onMailEnabled,
  onPushState,
}: MemberPromptBodyProps) {
  const user = useUser();
  const memberId = user?.profile.id;
  const pushState = useQuery(pushStateQueryOptions()).data;
  useEffect(() => {
    if (pushState) onPushState(pushState);
  }, [pushState, onPushState]);
  useEffect(() => {
    // A failure only means the server keeps what it had; the next visit tries again.
    if (memberId !== undefined) refreshPushSubscription().catch(() => undefined);
  }, [memberId]);

  switch (prompt) {
    case 'activation-modal':
      return (
        <Suspense fallback={null}>
          <ActivationModal onClose={onModalClose} />
        </Suspense>
      );
    case 'activation':
      return <ActivationPrompt />;
    case 'verification-notice':
      return user?.verification_notice ? <VerificationNoticePrompt outcome={user.verification_notice} /> : null;
    case 'profile-photo':
      return <ProfilePhotoPrompt onDismiss={() => onDismiss('enrich')} />;
    case 'push':
      return <PushPrompt onDismiss={() => onDismiss('push')} />;
    case 'disabled-notifications':
      return (
        <DisabledNotificationsPrompt onDismiss={() => onDismiss('disabledNotifications')} onEnabled={onMailEnabled} />
      );
    default:
      return null;
  }
}
