import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon, CheckIcon } from '../../../components/icons';
import type { PushState } from '../../../lib/push';
import { pushStateQueryOptions, subscribeToPush } from '../../../lib/push-subscription';
import { useSettings } from '../../../data/settings';

/** The status line's look per push state (profile.scss). */
const STATUS_CLASS: Record<PushState, string> = {
  subscribed: 'granted',
  denied: 'denied',
  'not-capable': 'unsupported',
  unknown: 'default',
};

/**
 * The push opt-in of /complete-signup: explains what we send, asks the browser's permission and
 * subscribes this browser with the server (POST /api/user.php?push=1).
 */
export function PushOptIn() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const publicKey = useSettings().push_public_key;
  const pushState = useQuery(pushStateQueryOptions()).data;
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);
  const state = publicKey === null ? 'not-capable' : pushState;

  async function handleAsk(key: string) {
    setAsking(true);
    setFailed(false);
    try {
      await subscribeToPush(key, queryClient);
    } catch {
      setFailed(true);
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
      {state === 'unknown' && publicKey !== null && (
        <button type="button" className="btn btn-primary" onClick={() => void handleAsk(publicKey)} disabled={asking}>
          {t('profile.push.enable')}
        </button>
      )}
      <p
        role="status"
        className={`push-opt-in__status push-opt-in__status--${failed ? 'denied' : state ? STATUS_CLASS[state] : 'default'}`}
      >
        {state === 'subscribed' && (
          <>
            <CheckIcon size={18} /> {t('profile.push.granted')}
          </>
        )}
        {state === 'denied' && t('profile.push.denied')}
        {state === 'not-capable' && t('profile.push.unsupported')}
        {failed && t('profile.push.failed')}
      </p>
    </div>
  );
}
