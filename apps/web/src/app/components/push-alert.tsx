import { DISMISSAL_KEYS } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { useSettings } from '../../data/settings';
import { pushStateQueryOptions, subscribeToPush } from '../../lib/push-subscription';
import { dismiss, isDismissed } from '../../lib/storage';
import { useCurrentRoute } from '../hooks/use-current-route';
import { shouldShowPushAlert } from '../rules';
import { AlertCloseButton } from './alert-close-button';

/**
 * The push alert of the default layout's warning banners (spec section 4): offers push
 * notifications to a member whose browser supports them and has not been asked yet, until they
 * turn them on, refuse them in the browser, or dismiss the alert.
 */
export function PushAlert() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUser();
  const settings = useSettings();
  const route = useCurrentRoute();
  const pushState = useQuery(pushStateQueryOptions()).data ?? null;
  const [dismissed, setDismissed] = useState(() => isDismissed(DISMISSAL_KEYS.push));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const publicKey = settings.push_public_key;
  const visible =
    route !== null &&
    shouldShowPushAlert({
      loggedIn: Boolean(user),
      pushState,
      configured: publicKey !== null,
      routeName: route.name,
      dismissed,
    });
  if (!visible || publicKey === null) return null;

  function handleDismiss() {
    dismiss(DISMISSAL_KEYS.push);
    setDismissed(true);
  }

  async function handleEnable(key: string) {
    setBusy(true);
    setFailed(false);
    try {
      await subscribeToPush(key, queryClient);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div id="push-alert" className="member-alert" role="region" aria-label={t('pushAlert.title')}>
      <div className="container member-alert__inner">
        <span className="member-alert__icon" aria-hidden="true">
          <BellIcon size={20} />
        </span>
        <p className="member-alert__text">
          <strong>{t('pushAlert.title')}</strong> {t('pushAlert.text')}
        </p>
        <div className="member-alert__actions">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={busy}
            onClick={() => void handleEnable(publicKey)}
          >
            {t('pushAlert.action')}
          </button>
          <AlertCloseButton label={t('pushAlert.dismiss')} onClick={handleDismiss} />
        </div>
        <p className="member-alert__status member-alert__status--error" role="status">
          {failed && t('pushAlert.failed')}
        </p>
      </div>
    </div>
  );
}
