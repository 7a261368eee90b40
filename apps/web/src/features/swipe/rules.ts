import type { ProfileCard } from '@app/shared';

/** How far (px) a card must be dragged before letting go likes or passes it. */
export const SWIPE_THRESHOLD = 100;

/** Fetch more cards once this few are left, so the stack never runs dry while swiping. */
export const REFILL_AT = 3;

/** What letting go of a dragged card does: like to the right, pass to the left, else snap back. */
export function swipeDecision(dx: number, threshold = SWIPE_THRESHOLD): 'like' | 'pass' | null {
  if (dx >= threshold) return 'like';
  if (dx <= -threshold) return 'pass';
  return null;
}

/** The keyboard's shortcuts: ArrowRight likes, ArrowLeft passes. */
export function keyAction(key: string): 'like' | 'pass' | null {
  return key === 'ArrowRight' ? 'like' : key === 'ArrowLeft' ? 'pass' : null;
}

/** New cards join the end of the stack, leaving out those in it or already decided. */
export function addCards(deck: ProfileCard[], cards: ProfileCard[], decided: ReadonlySet<number>): ProfileCard[] {
  const inDeck = new Set(deck.map((card) => card.id));
  return [...deck, ...cards.filter((card) => !inDeck.has(card.id) && !decided.has(card.id))];
}

/** The drag's look: the card follows the pointer and tilts with it (flat for reduced motion). */
export function dragTransform(dx: number, reducedMotion: boolean): string {
  return reducedMotion ? `translateX(${dx}px)` : `translateX(${dx}px) rotate(${dx / 18}deg)`;
}
