import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GiftIcon } from '../../../components/icons';
import { useGiftName } from '../../../data/gift-name';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import type { Gift, ProfileCard } from '../api/contract';
import { useSendGift } from '../api/send-gift';
import { useSendKey } from '../hooks/use-send-key';
import { promptOf, type SendPrompt as PromptKind } from '../rules';
import { GiftPicker } from './gift-picker';
import { SendPrompt } from './send-prompt';
import './chat.scss';

/**
 * The profile's gift action: the gift picker, sending to the member directly (member_id); a
 * notice says it went, and a refusal opens the prompt it calls for (buy, premium, confirm).
 */
export function SendGiftButton({ member }: { member: Pick<ProfileCard, 'id' | 'name'> }) {
  const { t } = useTranslation();
  const giftName = useGiftName();
  const send = useSendGift();
  const sendKeys = useSendKey();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<{ kind: PromptKind; message: string } | null>(null);
  const [sent, setSent] = useState<{ gift: string; conversation: number } | null>(null);

  async function handleSend(gift: Gift) {
    setError(null);
    const content = `gift:${gift.key}`;
    const key = sendKeys.take(content);
    try {
      const response = await send.mutateAsync({ target: { member_id: member.id }, gift: gift.key, key });
      setOpen(false);
      setSent({ gift: giftName(gift), conversation: response.message.conversation_id });
    } catch (cause) {
      sendKeys.failed(content, key);
      const kind = cause instanceof ApiError ? promptOf(cause) : null;
      if (kind && cause instanceof ApiError) {
        setOpen(false);
        setPrompt({ kind, message: cause.message });
      } else {
        setError(errorText(cause, t('chat.sendFailed')));
      }
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary gift-button"
        onClick={() => {
          setSent(null);
          setOpen(true);
        }}
      >
        <GiftIcon size={18} />
        {t('chat.gifts.button')}
      </button>
      <p className="gift-sent" role="status">
        {sent && (
          <>
            {t('chat.gifts.sent', { gift: sent.gift, name: member.name })}{' '}
            <Link to={`/chats/${sent.conversation}`}>{t('chat.gifts.toChat')}</Link>
          </>
        )}
      </p>
      {open && (
        <GiftPicker
          name={member.name}
          sending={send.isPending}
          error={error}
          onSend={(gift) => void handleSend(gift)}
          onClose={() => {
            setOpen(false);
            setError(null);
          }}
        />
      )}
      {prompt && <SendPrompt kind={prompt.kind} message={prompt.message} onClose={() => setPrompt(null)} />}
    </>
  );
}
