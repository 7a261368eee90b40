import { LANDER_COUNT_MINIMUMS, type LanderCounts, type Niche } from '@app/shared';
import { birthDateRange, type Gender, type Sexuality } from '../members/members.rules.js';

/** Which members a niche's landing pages show (spec section 2: the niche selects the pool). */
export interface NichePool {
  genders: Gender[] | null;
  sexualities: Sexuality[] | null;
  bodyTypes: string[] | null;
  /** Inclusive birth-date range 'YYYY-MM-DD', or null for any adult age. */
  born: { from: string; to: string } | null;
}

const ANYONE: NichePool = { genders: null, sexualities: null, bodyTypes: null, born: null };

/**
 * The strict pool of a niche: she women who seek women, bbw women with a curvy or full figure,
 * gilf women of 60 and older, milf women of 35 to 55, gay men who seek men; general and bdsm
 * show everyone (the profile has nothing that tells a bdsm interest).
 */
export function nichePool(niche: Niche, today: Date): NichePool {
  switch (niche) {
    case 2:
      return { ...ANYONE, genders: ['female'], sexualities: ['lesbian', 'bi'] };
    case 4:
      return { ...ANYONE, genders: ['female'], bodyTypes: ['curvy', 'full'] };
    case 5:
      return { ...ANYONE, genders: ['female'], born: birthDateRange(60, 99, today) };
    case 6:
      return { ...ANYONE, genders: ['female'], born: birthDateRange(35, 55, today) };
    case 7:
      return { ...ANYONE, genders: ['male'], sexualities: ['gay', 'bi'] };
    default:
      return ANYONE;
  }
}

/**
 * The pools to draw from in turn until a lander is full: the niche's own, then its gender
 * alone, then everyone. A young site (or a thin niche) still shows a full page.
 */
export function poolSteps(niche: Niche, today: Date): NichePool[] {
  const strict = nichePool(niche, today);
  const steps = [strict];
  if (strict.sexualities || strict.bodyTypes || strict.born) steps.push({ ...ANYONE, genders: strict.genders });
  if (strict.genders) steps.push(ANYONE);
  return steps;
}

/** A pool's counts as a lander may show them: each below its LANDER_COUNT_MINIMUMS is 0 (left out). */
export function shownCounts(counts: LanderCounts): LanderCounts {
  const shown = (key: keyof LanderCounts) => (counts[key] >= LANDER_COUNT_MINIMUMS[key] ? counts[key] : 0);
  return { members: shown('members'), online: shown('online'), today: shown('today') };
}
