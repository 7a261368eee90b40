import { describe, expect, it } from 'vitest';
import { movePhoto } from './photos';

describe('movePhoto', () => {
  it('swaps a photo with its neighbour', () => {
    expect(movePhoto([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(movePhoto([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
  });

  it('cannot move past either end or move an unknown photo', () => {
    expect(movePhoto([1, 2, 3], 1, -1)).toBeNull();
    expect(movePhoto([1, 2, 3], 3, 1)).toBeNull();
    expect(movePhoto([1, 2, 3], 9, 1)).toBeNull();
  });
});
