import type { ChatMessage, Gift } from '@app/shared';
import { mediaUrl } from '../../platform/storage/index.js';
import type { GiftRow, MessageRow, StoredMessage } from './chat.repository.js';
import { giftPrice } from './chat.rules.js';

/** Characters of a text message the chat list shows. */
export const PREVIEW_LENGTH = 100;

/** A message without the viewer's side: what the bus carries, each receiver adds `from_me`. */
export type ChatEventMessage = Omit<ChatMessage, 'from_me'>;

/**
 * A message as both members see it; the picture's URLs go through the
 * site's CDN like photos, and a gift shows with its catalogue name and picture.
 */
export function presentStoredMessage(row: StoredMessage, cdnPrefix: string): ChatEventMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender_id: row.senderId,
    kind: row.kind,
    body: row.body,
    image:
      row.imageKey && row.imageThumbKey
        ? {
            url: mediaUrl(cdnPrefix, row.imageKey),
            thumb: mediaUrl(cdnPrefix, row.imageThumbKey),
            width: row.imageWidth ?? 0,
            height: row.imageHeight ?? 0,
          }
        : null,
    gift: row.gift ? { key: row.gift.key, name: row.gift.name, image: row.gift.image } : null,
    credits: row.credits,
    at: row.createdAt.toISOString(),
    // Only its sender ever gets a held message: the flag tells them it waits for review.
    ...(row.heldReason ? { held: true as const } : {}),
  };
}

/** A message for one of the two members; `from_me` saves the client comparing ids. */
export function presentMessage(row: StoredMessage, viewerId: number, cdnPrefix: string): ChatMessage {
  return { ...presentStoredMessage(row, cdnPrefix), from_me: row.senderId === viewerId };
}

/** The chat list's view of the last message: a preview of text, nothing of images or gifts. */
export function presentLastMessage(
  row: Pick<MessageRow, 'kind' | 'body' | 'senderId' | 'createdAt'>,
  viewerId: number,
) {
  return {
    body: row.kind === 'text' ? row.body.slice(0, PREVIEW_LENGTH) : '',
    kind: row.kind,
    from_me: row.senderId === viewerId,
    at: row.createdAt.toISOString(),
  };
}

/** A gift of the catalogue with its price on this site. */
export function presentGift(row: GiftRow, giftCredits: number): Gift {
  return { key: row.key, name: row.name, image: row.image, credits: giftPrice(row, giftCredits) };
}
