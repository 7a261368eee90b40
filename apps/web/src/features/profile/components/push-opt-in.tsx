import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon, CheckIcon } from '../../../components/icons';

type PushState = 'unsupported' | NotificationPermission;

function pushState(): PushState {
  if (typeof window === 'undefined' || !('Notification' in window) || !('serviceWorker' in navigator))
    return 'unsupported';
  return Notification.permission;
}

/**
 * The push opt-in of /complete-signup: explains what we send and asks the browser's permission.
 * Subscribing this browser with the server comes with push delivery, which is not built yet.
 */
export function PushOptIn() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState>(pushState);
  const [asking, setAsking] = useState(false);

  async function handleAsk() {
    setAsking(true);
    try {
      setState(await Notification.requestPermission());
    } finally {
      setAsking(false);
    }
  }

  return (
    <div className="push-opt-in">
      <span className="push-opt-in__icon" aria-hidden="true">
        <BellIcon size={30} />
      </span>
      <p className="push-opt-in__text">{t('profile.push.text')}</p>
      {state === 'default' && (
        <button type="button" className="btn btn-primary" onClick={() => void handleAsk()} disabled={asking}>
          {t('profile.push.enable')}
        </button>
      )}
      <p role="status" className={`push-opt-in__status push-opt-in__status--${state}`}>
        {state === 'granted' && (
          <>
            <CheckIcon size={18} /> {t('profile.push.granted')}
          </>
        )}
        {state === 'denied' && t('profile.push.denied')}
        {state === 'unsupported' && t('profile.push.unsupported')}
      </p>
    </div>
  );
}
