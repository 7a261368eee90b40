import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGiftName } from '../../../data/gift-name';
import { formatDate } from '../../../lib/i18n';
import type { ChatMessage } from '../api/contract';
import { thumbSize } from '../rules';
import { SeenMark } from './presence';

/** The largest side of an image message's thumbnail, in CSS pixels. */
const THUMB_MAX = 240;

/** A message the server has not answered yet: shown at once, marked as on its way. */
export interface PendingMessage {
  key: number;
  kind: 'text' | 'image' | 'gift';
  body: string;
  /** A local preview of the photo being sent. */
  preview?: string;
  /** The gift's picture and name. */
  gift?: { key: string; name: string; image: string };
}

/**
 * The flag beside a received message that reports it. Reporting is the reports feature's, so
 * the app shell puts its button here (app/routes/chat.tsx); without one, no flag shows.
 */
export const ReportMessageSlot = createContext<
  ((member: { id: number; name: string }, messageId: number) => ReactNode) | null
>(null);

/**
 * One message: a text bubble, a photo (its thumbnail opens the full image) or a gift. The
 * partner's messages carry a flag to report them; the member's one the partner read last, 'seen'.
 */
export function MessageBubble({
  message,
  partner,
  seenAt = null,
}: {
  message: ChatMessage;
  partner: string;
  /** The partner's read, on the member's message they read last: it shows 'seen'. */
  seenAt?: string | null;
}) {
  const { t } = useTranslation();
  const giftName = useGiftName();
  const reportFlag = useContext(ReportMessageSlot);
  const side = message.from_me ? 'me' : 'them';
  const at = new Date(message.at);

  return (
    <li className={`chat-bubble chat-bubble--${side} chat-bubble--${message.kind}`}>
      <span className="visually-hidden">
        {message.from_me ? t('chat.sender.me') : t('chat.sender.them', { name: partner })}
      </span>
      {message.kind === 'image' && message.image && (
        <a
          href={message.image.url}
          target="_blank"
          rel="noopener noreferrer"
          className="chat-bubble__photo"
          aria-label={t('chat.photo.open')}
        >
          <img src={message.image.thumb} alt={t('chat.photo.alt')} {...thumbSize(message.image, THUMB_MAX)} />
        </a>
      )}
      {message.kind === 'gift' && message.gift && (
        <span className="chat-bubble__gift">
          <img src={message.gift.image} alt="" width={72} height={72} />
          <span>{t('chat.gift.label', { gift: giftName(message.gift) })}</span>
        </span>
      )}
      {message.kind === 'text' && <span className="chat-bubble__text">{message.body}</span>}
      {message.held && <span className="chat-bubble__held">{t('chat.heldNotice')}</span>}
      <time className="chat-bubble__time" dateTime={message.at}>
        {formatDate(at, { timeStyle: 'short' })}
      </time>
      {seenAt && <SeenMark at={seenAt} />}
      {!message.from_me && reportFlag && (
        <span className="chat-bubble__report">{reportFlag({ id: message.sender_id, name: partner }, message.id)}</span>
      )}
    </li>
  );
}

/** A message on its way: the text, photo or gift as it will look, with "sending". */
export function PendingBubble({ message }: { message: PendingMessage }) {
  const { t } = useTranslation();
  const giftName = useGiftName();
  return (
    <li className={`chat-bubble chat-bubble--me chat-bubble--${message.kind} chat-bubble--pending`} aria-busy="true">
      <span className="visually-hidden">{t('chat.sender.me')}</span>
      {message.kind === 'image' && message.preview && (
        <span className="chat-bubble__photo">
          <img src={message.preview} alt={t('chat.photo.alt')} className="chat-bubble__preview" />
        </span>
      )}
      {message.kind === 'gift' && message.gift && (
        <span className="chat-bubble__gift">
          <img src={message.gift.image} alt="" width={72} height={72} />
          <span>{t('chat.gift.label', { gift: giftName(message.gift) })}</span>
        </span>
      )}
      {message.kind === 'text' && <span className="chat-bubble__text">{message.body}</span>}
      <span className="chat-bubble__time">{t('chat.sending')}</span>
    </li>
  );
}
