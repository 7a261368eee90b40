/**
 * A small seeded pseudo-random generator (mulberry32) with the helpers the demo seed needs.
 * Everything the seed generates comes from one of these, so a fixed seed gives the same site
 * on every run.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: entries are [value, weight] with weights > 0. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** `n` distinct items in random order. */
  sample<T>(items: readonly T[], n: number): T[];
  shuffle<T>(items: readonly T[]): T[];
  /** A lowercase base-36 identifier of `length` characters. */
  id(length: number): string;
  /** A new generator whose sequence depends only on this one's seed and `label`, for sub-tasks. */
  fork(label: string): Rng;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a: turns a label into a 32-bit seed. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick(items) {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted(entries) {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      const last = entries.at(-1);
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
    sample: (items, n) => rng.shuffle(items).slice(0, n),
    id(length) {
      let out = '';
      for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(next() * ALPHABET.length)];
      return out;
    },
    fork: (label) => createRng((seed ^ hash32(label)) >>> 0),
  };
  return rng;
}
