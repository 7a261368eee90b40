import type { GiftRow } from './chat.repository.js';

/** What a gift costs: its own price, else the site's price of gifts. */
export function giftPrice(gift: Pick<GiftRow, 'credits'>, giftCredits: number): number {
  return gift.credits ?? giftCredits;
}

/** The storage key of a chat image's file: `chat/<shard>/<id>-<variant>.webp`, like photos' keys. */
export function chatImageKey(id: string, variant: 'full' | 'thumb'): string {
  return `chat/${id.slice(0, 2)}/${id}-${variant}.webp`;
}
