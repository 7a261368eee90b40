import { describe, expect, it } from 'vitest';
import { buildCard } from '../../testing/factories';
import { addCards, dragTransform, keyAction, swipeDecision, SWIPE_THRESHOLD } from './rules';

describe('swipeDecision', () => {
  it('likes to the right and passes to the left past the threshold', () => {
    expect(swipeDecision(SWIPE_THRESHOLD)).toBe('like');
    expect(swipeDecision(-SWIPE_THRESHOLD - 40)).toBe('pass');
  });

  it('snaps back short of it', () => {
    expect(swipeDecision(SWIPE_THRESHOLD - 1)).toBeNull();
    expect(swipeDecision(-20)).toBeNull();
    expect(swipeDecision(0)).toBeNull();
  });
});

describe('keyAction', () => {
  it('maps the arrow keys and nothing else', () => {
    expect(keyAction('ArrowRight')).toBe('like');
    expect(keyAction('ArrowLeft')).toBe('pass');
    expect(keyAction('Enter')).toBeNull();
  });
});

describe('addCards', () => {
  it('adds only cards not in the stack and not decided yet', () => {
    const deck = [buildCard({ id: 1 }), buildCard({ id: 2 })];
    const more = [buildCard({ id: 2 }), buildCard({ id: 3 }), buildCard({ id: 4 })];
    expect(addCards(deck, more, new Set([4])).map((card) => card.id)).toEqual([1, 2, 3]);
  });
});

describe('dragTransform', () => {
  it('tilts with the drag, but not for reduced motion', () => {
    expect(dragTransform(90, false)).toBe('translateX(90px) rotate(5deg)');
    expect(dragTransform(90, true)).toBe('translateX(90px)');
  });
});
