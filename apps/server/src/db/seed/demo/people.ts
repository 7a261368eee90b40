import { COUNTRIES, VISIBLE_LANGUAGES_BY_COUNTRY, type Country, type PROFILE_OPTIONS } from '@app/shared';
import { ABOUT_LANGUAGES, seekTarget, writeAbout, type AboutLanguage, type Reason } from './about.js';
import { createPainter, pickBackground, type AvatarPainter, type Background, type Gender } from './avatars.js';
import { MATURE_NAME_AGE, NAME_POOLS, asciiSlug, familyName } from './names.js';
import { PLACES, resolvePlaces, type RegionRow, type ResolvedPlace } from './places.js';
import type { Rng } from './random.js';

export type Sexuality = 'hetero' | 'gay' | 'lesbian' | 'bi';

/** The e-mail domain of generated members: .example is reserved, so no mail can ever go out. */
export const DEMO_EMAIL_DOMAIN = 'demo.amoria.example';

/** The one member whose login the README prints. */
export const DEMO_LOGIN = { email: 'demo@amoria.example', password: 'demo1234' } as const;

/**
 * The demo site's staff, one per role, sharing one password and one authenticator secret, both
 * printed at start like the demo member's login: add the secret to an authenticator app (or
 * compute its codes, as the end-to-end tests do). Real staff enrol their own at first login.
 */
export const DEMO_STAFF = {
  password: 'staff-demo-1234',
  totpSecret: 'AMORIADEMOSTAFFTOTPSECRET234567A',
  accounts: [
    { email: 'admin@amoria.example', name: 'Anna (admin)', role: 'admin' },
    { email: 'moderator@amoria.example', name: 'Mo (moderator)', role: 'moderator' },
    { email: 'support@amoria.example', name: 'Sam (support)', role: 'support' },
  ],
} as const;

/** One photo to render: its storage id, the seed of its drawing and its background. */
export interface PhotoSpec {
  id: string;
  background: Background;
}

/** Everything about one demo member, before any row or file exists. */
export interface DemoPerson {
  isDemoLogin: boolean;
  email: string;
  name: string;
  gender: Gender;
  sexuality: Sexuality;
  age: number;
  birthDate: string;
  country: Country;
  language: AboutLanguage;
  regionId: number | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  about: string;
  hairColor: string;
  eyeColor: string;
  bodyType: string;
  relationshipStatus: string;
  tattoos: string;
  reason: Reason;
  interestIds: number[];
  credits: number;
  paidUser: boolean;
  fictional: boolean;
  signupDate: Date;
  lastActiveAt: Date;
  painter: AvatarPainter;
  photos: PhotoSpec[];
}

/**
 * Relative share of members per country: the site's home markets first (NL, DE), then their
 * neighbours and the big English-speaking ones.
 */
const COUNTRY_WEIGHTS: Record<Country, number> = {
  NL: 70,
  DE: 55,
  BE: 30,
  FR: 25,
  GB: 25,
  US: 20,
  AT: 12,
  CH: 12,
  IT: 12,
  ES: 12,
  PL: 10,
  IE: 6,
  CA: 6,
  AU: 5,
  NZ: 3,
};

/** Ages cluster between 25 and 55, as on real dating sites, but reach from 18 to 75. */
const AGE_BANDS: readonly (readonly [readonly [number, number], number])[] = [
  [[18, 24], 15],
  [[25, 34], 28],
  [[35, 44], 24],
  [[45, 54], 18],
  [[55, 64], 10],
  [[65, 75], 5],
];

const SEXUALITY: Record<Gender, readonly (readonly [Sexuality, number])[]> = {
  female: [
    ['hetero', 80],
    ['bi', 11],
    ['lesbian', 9],
  ],
  male: [
    ['hetero', 83],
    ['gay', 10],
    ['bi', 7],
  ],
};

/** Photos per member: most have one or two, some the full four (about 2.1 on average). */
const PHOTO_COUNTS: readonly (readonly [number, number])[] = [
  [1, 33],
  [2, 35],
  [3, 19],
  [4, 13],
];

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Splits `total` over the countries by weight (largest remainder), giving every country at
 * least one member when there are enough to go round, so the search has something everywhere.
 */
export function allocateCountries(total: number): Map<Country, number> {
  const weightSum = COUNTRIES.reduce((sum, c) => sum + COUNTRY_WEIGHTS[c], 0);
  const exact = COUNTRIES.map((c) => ({ c, share: (COUNTRY_WEIGHTS[c] * total) / weightSum }));
  const counts = new Map(exact.map(({ c, share }) => [c, Math.floor(share)]));
  let left = total - [...counts.values()].reduce((a, b) => a + b, 0);
  for (const { c } of [...exact].sort((a, b) => (b.share % 1) - (a.share % 1))) {
    if (left === 0) break;
    counts.set(c, (counts.get(c) ?? 0) + 1);
    left--;
  }
  if (total >= COUNTRIES.length) {
    for (const c of COUNTRIES) {
      if ((counts.get(c) ?? 0) > 0) continue;
      const [richest] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
      if (!richest) break;
      counts.set(richest[0], richest[1] - 1);
      counts.set(c, 1);
    }
  }
  return counts;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC date `years` before `date`, with 29 February falling back to the 28th. */
function yearsBefore(date: Date, years: number): Date {
  const y = date.getUTCFullYear() - years;
  const m = date.getUTCMonth();
  const d = Math.min(date.getUTCDate(), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return new Date(Date.UTC(y, m, d));
}

/** A random birth date of someone who is exactly `age` on `today`. */
export function birthDateForAge(today: Date, age: number, rng: Rng): string {
  const latest = yearsBefore(today, age).getTime();
  const earliest = yearsBefore(today, age + 1).getTime() + DAY;
  const days = Math.round((latest - earliest) / DAY);
  return isoDate(new Date(earliest + rng.int(0, days) * DAY));
}

/** Age in whole years on `today` of someone born on `birthDate` (YYYY-MM-DD). */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

function languageOf(country: Country): AboutLanguage {
  const first = VISIBLE_LANGUAGES_BY_COUNTRY[country][0];
  return (ABOUT_LANGUAGES as readonly string[]).includes(first ?? '') ? (first as AboutLanguage) : 'en';
}

function jitter(rng: Rng, value: number, spread: number): number {
  return Math.round((value + rng.float(-spread, spread)) * 100_000) / 100_000;
}

interface Where {
  regionId: number | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** A home for a member of `country`: a weighted real city, a few kilometres off its centre. */
function pickWhere(
  rng: Rng,
  country: Country,
  resolved: readonly ResolvedPlace[],
  regionRows: readonly RegionRow[],
): Where {
  if (resolved.length === 0) {
    // The regions table has rows for this country but none matches a known city: keep the
    // region (search filters on it) and leave out a city that could contradict it.
    const row = rng.pick(regionRows.filter((r) => r.country.toUpperCase() === country));
    return { regionId: row.id, city: null, latitude: null, longitude: null };
  }
  const { place, regionId } = rng.weighted(resolved.map((r) => [r, r.place.weight] as const));
  return {
    regionId,
    city: place.city,
    latitude: jitter(rng, place.latitude, 0.04),
    longitude: jitter(rng, place.longitude, 0.06),
  };
}

function profileOptions(rng: Rng, age: number) {
  return {
    hairColor:
      age >= 55 && rng.chance(0.5)
        ? 'grey'
        : rng.weighted<(typeof PROFILE_OPTIONS.hair_color)[number]>([
            ['blond', 25],
            ['brown', 40],
            ['black', 20],
            ['red', 7],
            ['other', 8],
          ]),
    eyeColor: rng.weighted<(typeof PROFILE_OPTIONS.eye_color)[number]>([
      ['blue', 30],
      ['green', 15],
      ['brown', 40],
      ['grey', 7],
      ['hazel', 8],
    ]),
    bodyType: rng.weighted<(typeof PROFILE_OPTIONS.body_type)[number]>([
      ['slim', 25],
      ['athletic', 20],
      ['average', 35],
      ['curvy', 12],
      ['full', 8],
    ]),
    relationshipStatus: rng.weighted<(typeof PROFILE_OPTIONS.relationship_status)[number]>([
      ['single', 65],
      ['divorced', age >= 35 ? 22 : 4],
      ['widowed', age >= 55 ? 8 : 0.5],
      ['separated', 6],
      ['in_relationship', 3],
    ]),
    tattoos: rng.weighted<(typeof PROFILE_OPTIONS.tattoos)[number]>([
      ['none', 55],
      ['some', 35],
      ['many', 10],
    ]),
    reason: rng.weighted<Reason>([
      ['relationship', 35],
      ['dating', 25],
      ['friendship', 10],
      ['adventure', 15],
      ['chat', 15],
    ]),
  };
}

/** Recently active for most, online right now (the last 10 minutes) for about one in ten. */
function lastActive(rng: Rng, now: Date): Date {
  if (rng.chance(0.1)) return new Date(now.getTime() - rng.int(0, 9 * MINUTE));
  // Squaring the roll crowds activity towards the last few days, as real activity does.
  const roll = rng.next();
  return new Date(now.getTime() - 10 * MINUTE - Math.floor(roll * roll * (14 * DAY - 10 * MINUTE)));
}

export interface GenerateOptions {
  count: number;
  rng: Rng;
  now: Date;
  regions: readonly RegionRow[];
  interests: readonly { id: number; key: string }[];
}

/**
 * The demo population: the demo login first, then `count - 1` members spread over the
 * countries. Each member draws from a generator forked off the main one by index, so a change
 * to one member's recipe does not reshuffle everyone after it.
 */
export function generatePeople({ count, rng, now, regions, interests }: GenerateOptions): DemoPerson[] {
  const resolved = new Map(COUNTRIES.map((c) => [c, resolvePlaces(c, regions)]));
  const countries = rng.shuffle([...allocateCountries(count - 1)].flatMap(([c, n]) => Array<Country>(n).fill(c)));
  const fictionalCount = Math.round(count * 0.04);
  const fictional = new Set(
    rng.sample(
      countries.map((_, i) => i),
      fictionalCount,
    ),
  );

  const people: DemoPerson[] = [demoLogin(rng.fork('demo-login'), now, resolved.get('NL') ?? [], interests)];
  countries.forEach((country, i) => {
    const r = rng.fork(`member-${i}`);
    const gender: Gender = r.chance(0.5) ? 'female' : 'male';
    const sexuality = r.weighted(SEXUALITY[gender]);
    const [low, high] = r.weighted(AGE_BANDS);
    const age = r.int(low, high);
    const pool = NAME_POOLS[country];
    const name = r.pick(pool[gender][age >= MATURE_NAME_AGE ? 'mature' : 'young']);
    const last = familyName(country, r.pick(pool.last), gender);
    const where = pickWhere(r, country, resolved.get(country) ?? [], regions);
    const options = profileOptions(r, age);
    const interestRows = r.sample(interests, r.int(Math.min(2, interests.length), Math.min(6, interests.length)));
    const language = languageOf(country);
    const lastActiveAt = lastActive(r, now);
    const painter = createPainter(gender, age, r);
    const photoCount = r.weighted(PHOTO_COUNTS);
    people.push({
      isDemoLogin: false,
      email: `${asciiSlug(name)}.${asciiSlug(last)}${i + 1}@${DEMO_EMAIL_DOMAIN}`,
      name,
      gender,
      sexuality,
      age,
      birthDate: birthDateForAge(now, age, r),
      country,
      language,
      ...where,
      about: writeAbout(r, {
        language,
        age,
        city: where.city,
        interestKeys: interestRows.map((row) => row.key),
        reason: options.reason,
        seek: seekTarget(gender, sexuality),
      }),
      ...options,
      interestIds: interestRows.map((row) => row.id),
      // Drawn for site-run profiles too, so their later draws stay the same; they get no credits,
      // like the ones the console makes.
      credits: r.int(0, 200) * (fictional.has(i) ? 0 : 1),
      paidUser: r.chance(0.15),
      fictional: fictional.has(i),
      signupDate: new Date(lastActiveAt.getTime() - r.int(1, 700) * DAY - r.int(0, DAY)),
      lastActiveAt,
      painter,
      photos: Array.from({ length: photoCount }, () => ({ id: r.id(16), background: pickBackground(r) })),
    });
  });
  return people;
}

/** The member whose login is printed at start: Dutch, 32, in Amsterdam, two photos. */
function demoLogin(
  r: Rng,
  now: Date,
  nlPlaces: readonly ResolvedPlace[],
  interests: readonly { id: number; key: string }[],
): DemoPerson {
  const amsterdam = PLACES.NL.find((p) => p.city === 'Amsterdam');
  const resolved = nlPlaces.find((p) => p.place === amsterdam);
  const age = 32;
  const options = { ...profileOptions(r, age), relationshipStatus: 'single', reason: 'relationship' as const };
  const interestRows = r.sample(interests, Math.min(4, interests.length));
  return {
    isDemoLogin: true,
    email: DEMO_LOGIN.email,
    name: 'Sanne',
    gender: 'female',
    sexuality: 'hetero',
    age,
    birthDate: birthDateForAge(now, age, r),
    country: 'NL',
    language: 'nl',
    regionId: resolved?.regionId ?? null,
    city: 'Amsterdam',
    latitude: amsterdam ? jitter(r, amsterdam.latitude, 0.02) : null,
    longitude: amsterdam ? jitter(r, amsterdam.longitude, 0.03) : null,
    about: writeAbout(r, {
      language: 'nl',
      age,
      city: 'Amsterdam',
      interestKeys: interestRows.map((row) => row.key),
      reason: options.reason,
      seek: 'man',
    }),
    ...options,
    interestIds: interestRows.map((row) => row.id),
    credits: 50,
    paidUser: false,
    fictional: false,
    signupDate: new Date(now.getTime() - 30 * DAY),
    lastActiveAt: now,
    painter: createPainter('female', age, r),
    photos: [0, 1].map(() => ({ id: r.id(16), background: pickBackground(r) })),
  };
}
