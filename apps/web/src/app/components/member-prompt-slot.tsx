import { DISMISSAL_KEYS } from '@app/shared';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSettings } from '../../data/settings';
import { useUser } from '../../data/user';
import { loadMemberTexts } from '../../lib/i18n';
import { likelyPushState, type PushState } from '../../lib/push';
import { dismiss, isDismissed } from '../../lib/storage';
import { useCurrentRoute } from '../hooks/use-current-route';
import { memberPrompt, type MemberPrompt } from '../rules';

// The prompts themselves, with the members-area texts, are a chunk for members only; the
// decision which one shows is not, so its room is there from the first render.
const MemberPromptBody = lazy(() =>
  Promise.all([import('./member-prompt'), loadMemberTexts()]).then(([module]) => ({
    default: module.MemberPromptBody,
  })),
);

const PHONE_QUERY = '(max-width: 767.98px)';

export type PromptDismissal = 'enrich' | 'push' | 'disabledNotifications';

function storedDismissals(): Record<PromptDismissal, boolean> {
  return {
    enrich: isDismissed(DISMISSAL_KEYS.enrich),
    push: isDismissed(DISMISSAL_KEYS.push),
    disabledNotifications: isDismissed(DISMISSAL_KEYS.disabledNotifications),
  };
}

/**
 * The default layout's member prompts (spec section 4), at most one at a time (memberPrompt):
 * the box of the one that shows has its fixed height from the first render, and the prompt's
 * chunk fills it, so nothing on the page moves when it arrives.
 */
export function MemberPromptSlot() {
  const user = useUser();
  const settings = useSettings();
  const route = useCurrentRoute();
  const [search] = useSearchParams();
  const [modalClosed, setModalClosed] = useState(false);
  const [dismissed, setDismissed] = useState(storedDismissals);
  // Once e-mail is on again its prompt stays a moment to say so, until it is closed.
  const [mailEnabled, setMailEnabled] = useState(false);
  // The browser's push state as the prompts' chunk reads it; until then, the likely one.
  const [readPushState, setReadPushState] = useState<PushState | null>(null);
  if (!user || !route) return null;

  const phone = typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
  const decided = memberPrompt({
    user,
    routeName: route.name,
    fromSignup: search.get('from') === 'signup' && !modalClosed,
    phone,
    pushState: readPushState ?? likelyPushState(),
    pushConfigured: settings.push_public_key !== null,
    dismissed,
  });
  const prompt: MemberPrompt | null = mailEnabled ? 'disabled-notifications' : decided;

  function handleDismiss(name: PromptDismissal) {
    dismiss(DISMISSAL_KEYS[name]);
    setDismissed((current) => ({ ...current, [name]: true }));
    if (name === 'disabledNotifications') setMailEnabled(false);
  }

  const boxed = prompt !== null && prompt !== 'activation-modal';
  return (
    <div className={boxed ? 'member-prompt' : undefined}>
      <Suspense fallback={null}>
        <MemberPromptBody
          prompt={prompt}
          onDismiss={handleDismiss}
          onModalClose={() => setModalClosed(true)}
          onMailEnabled={() => setMailEnabled(true)}
          onPushState={setReadPushState}
        />
      </Suspense>
    </div>
  );
}
