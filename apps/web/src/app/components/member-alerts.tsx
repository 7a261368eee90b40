import { useEffect } from 'react';
import { useUser } from '../../data/user';
import { refreshPushSubscription } from '../../lib/push-subscription';
import { DisabledNotificationsAlert } from './disabled-notifications-alert';
import { PushAlert } from './push-alert';
import './member-alerts.scss';

/**
 * The members' warning banners about notifications (spec section 4): e-mail that stopped, and
 * push that was never turned on. One lazy chunk, loaded for members only; it also stores this
 * browser's push subscription again for each member who logs in on it.
 */
export function MemberAlerts() {
  const memberId = useUser()?.profile.id;
  useEffect(() => {
    // A failure only means the server keeps what it had; the next visit tries again.
    if (memberId !== undefined) refreshPushSubscription().catch(() => undefined);
  }, [memberId]);
  return (
    <>
      <DisabledNotificationsAlert />
      <PushAlert />
    </>
  );
}
