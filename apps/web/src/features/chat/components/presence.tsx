import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n';
import { usePartnerTyping } from '../hooks/use-typing';

/**
 * '{name} is typing…' while the partner types: a polite live region that is always there, so
 * screen readers announce the text as it appears.
 */
export function TypingIndicator({
  conversationId,
  partner,
}: {
  conversationId: number | null;
  partner: { id: number; name: string };
}) {
  const { t } = useTranslation();
  const typing = usePartnerTyping(conversationId, partner.id);
  return (
    <div className="chat-typing" aria-live="polite">
      {typing && <span className="chat-typing__text">{t('chat.typing', { name: partner.name })}</span>}
    </div>
  );
}

/**
 * 'Seen' under the member's message the partner read last. The time is its title on hover,
 * its accessible description, and shows beside it on a tap, a long press or Enter.
 */
export function SeenMark({ at }: { at: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const timeId = useId();
  const time = t('chat.seenAt', { time: formatDate(new Date(at), { dateStyle: 'medium', timeStyle: 'short' }) });
  return (
    <span className="chat-seen">
      <button
        type="button"
        className="chat-seen__button"
        title={time}
        aria-describedby={timeId}
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
        onContextMenu={(event) => {
          // A long press on a phone opens the context menu: it shows the time instead.
          event.preventDefault();
          setOpen(true);
        }}
      >
        {t('chat.seen')}
      </button>
      <time id={timeId} dateTime={at} className={open ? 'chat-seen__time' : 'visually-hidden'}>
        {time}
      </time>
    </span>
  );
}
