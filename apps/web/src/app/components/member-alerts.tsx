import { DisabledNotificationsAlert } from './disabled-notifications-alert';
import { PushAlert } from './push-alert';
import './member-alerts.scss';

/**
 * The members' warning banners about notifications (spec section 4): e-mail that stopped, and
 * push that was never turned on. One lazy chunk, loaded for members only.
 */
export function MemberAlerts() {
  return (
    <>
      <DisabledNotificationsAlert />
      <PushAlert />
    </>
  );
}
