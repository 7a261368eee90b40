import { DISMISSAL_KEYS } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, MailIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { apiCommand } from '../../lib/api';
import { queryKeys } from '../../data/query-keys';
import { dismiss, isDismissed } from '../../lib/storage';
import { useCurrentRoute } from '../hooks/use-current-route';
import { shouldShowDisabledNotificationsAlert } from '../rules';
import { AlertCloseButton } from './alert-close-button';

/** POST /api/email-enable.php: clears the member's disabled reasons, so e-mail goes out again. */
function enableEmail(): Promise<void> {
  return apiCommand('/api/email-enable.php', { method: 'POST', body: {} });
}

/**
 * The disabled-notifications alert of the default layout's warning banners (spec section 4):
 * while we send the member no e-mail (a bounce, a spam complaint or an unsubscribe) it says why
 * and turns e-mail back on with one click, until dismissed.
 */
export function DisabledNotificationsAlert() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUser();
  const route = useCurrentRoute();
  const [dismissed, setDismissed] = useState(() => isDismissed(DISMISSAL_KEYS.disabledNotifications));
  const enable = useMutation({
    mutationFn: enableEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });
  const done = enable.isSuccess;
  const visible = route !== null && shouldShowDisabledNotificationsAlert({ user, routeName: route.name, dismissed });
  // Once e-mail is on again the alert stays a moment to say so, until it is closed.
  if (dismissed || (!visible && !done)) return null;
  const reason = user?.notifications_disabled[0] ?? 'listunsubscribe';

  function handleDismiss() {
    dismiss(DISMISSAL_KEYS.disabledNotifications);
    setDismissed(true);
  }

  return (
    <div
      id="disabled-notifications-alert"
      className="member-alert member-alert--warning"
      role="region"
      aria-label={t('disabledNotificationsAlert.title')}
    >
      <div className="container member-alert__inner">
        <span className="member-alert__icon" aria-hidden="true">
          {done ? <CheckIcon size={20} /> : <MailIcon size={20} />}
        </span>
        {done ? (
          <p className="member-alert__text" role="status">
            <strong>{t('disabledNotificationsAlert.enabled')}</strong>
          </p>
        ) : (
          <p className="member-alert__text">
            <strong>{t('disabledNotificationsAlert.title')}</strong> {t(`disabledNotificationsAlert.reasons.${reason}`)}{' '}
            {t('disabledNotificationsAlert.text')}
          </p>
        )}
        <div className="member-alert__actions">
          {!done && (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={enable.isPending}
              onClick={() => enable.mutate()}
            >
              {t('disabledNotificationsAlert.action')}
            </button>
          )}
          <AlertCloseButton label={t('disabledNotificationsAlert.dismiss')} onClick={handleDismiss} />
        </div>
        <p className="member-alert__status member-alert__status--error" role="alert">
          {enable.isError && t('disabledNotificationsAlert.failed')}
        </p>
      </div>
    </div>
  );
}
