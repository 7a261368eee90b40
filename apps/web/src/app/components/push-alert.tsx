import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../components/icons';
import { useSettings } from '../../data/settings';
import { subscribeToPush } from '../../lib/push-subscription';
import { PromptFrame } from './prompt-frame';

/**
 * The push prompt (spec section 4): offers push notifications; turning them on or refusing them
 * in the browser settles the push state, and the slot's choice moves on.
 */
export function PushPrompt({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const publicKey = useSettings().push_public_key;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

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
    <PromptFrame
      id="push-alert"
      title={t('pushAlert.title')}
      text={t('pushAlert.text')}
      icon={<BellIcon size={20} />}
      actions={
        <>
          {publicKey !== null && (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={busy}
              onClick={() => void handleEnable(publicKey)}
            >
              {t('pushAlert.action')}
            </button>
          )}
          <span className="member-prompt__status member-prompt__status--error" role="status">
            {failed && t('pushAlert.failed')}
          </span>
        </>
      }
      dismiss={{ label: t('pushAlert.dismiss'), onClick: onDismiss }}
    />
  );
}
