import { COUNTRIES, INTERESTS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { ABOUT_LANGUAGES, seekTarget, writeAbout, type Reason, type SeekTarget } from './about.js';
import { asciiSlug, familyName } from './names.js';
import { ageOn, allocateCountries, birthDateForAge, generatePeople } from './people.js';
import { resolvePlaces } from './places.js';
import { createRng } from './random.js';

const interests = INTERESTS.map((i, index) => ({ id: index + 1, key: i.key }));

describe('createRng', () => {
  it('repeats its sequence for the same seed and forks independently of state', () => {
    const a = createRng(42);
    const b = createRng(42);
    expect([a.next(), a.int(1, 6), a.id(8)]).toEqual([b.next(), b.int(1, 6), b.id(8)]);
    const fresh = createRng(42).fork('x').next();
    a.next();
    expect(a.fork('x').next()).toBe(fresh);
  });
});

describe('birthDateForAge', () => {
  it.each([
    ['2025-06-15T12:00:00Z', 18],
    ['2025-06-15T12:00:00Z', 75],
    ['2024-02-29T08:00:00Z', 30],
    ['2025-03-01T00:00:00Z', 41],
    ['2025-12-31T23:59:00Z', 25],
  ])('gives someone exactly the age on %s (age %i)', (now, age) => {
    const today = new Date(now);
    for (let seed = 0; seed < 200; seed++) {
      expect(ageOn(birthDateForAge(today, age, createRng(seed)), today)).toBe(age);
    }
  });
});

describe('allocateCountries', () => {
  it('adds up to the total, reaches every country and favours NL and DE', () => {
    const counts = allocateCountries(299);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(299);
    for (const c of COUNTRIES) expect(counts.get(c)).toBeGreaterThan(0);
    const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
    expect(sorted.slice(0, 2)).toEqual(['NL', 'DE']);
  });

  it('still adds up for tiny totals', () => {
    for (const total of [0, 1, 3, 14, 15, 16]) {
      expect([...allocateCountries(total).values()].reduce((a, b) => a + b, 0)).toBe(total);
    }
  });
});

describe('names', () => {
  it('turns names into plain e-mail letters', () => {
    expect(asciiSlug('Łukasz')).toBe('lukasz');
    expect(asciiSlug("O'Sullivan")).toBe('osullivan');
    expect(asciiSlug('van den Berg')).toBe('vandenberg');
    expect(asciiSlug('Jean-François')).toBe('jeanfrancois');
    expect(asciiSlug('Müller')).toBe('muller');
  });

  it('gives Polish women the feminine family name', () => {
    expect(familyName('PL', 'Kowalski', 'female')).toBe('Kowalska');
    expect(familyName('PL', 'Nowak', 'female')).toBe('Nowak');
    expect(familyName('PL', 'Kowalski', 'male')).toBe('Kowalski');
    expect(familyName('DE', 'Kowalski', 'female')).toBe('Kowalski');
  });
});

describe('writeAbout', () => {
  const reasons: Reason[] = ['relationship', 'dating', 'friendship', 'adventure', 'chat'];
  const targets: SeekTarget[] = ['man', 'woman', 'anyone'];

  it('fills every placeholder in every language, with and without a city', () => {
    const rng = createRng(7);
    for (const language of ABOUT_LANGUAGES) {
      for (const reason of reasons) {
        for (const seek of targets) {
          for (let i = 0; i < 20; i++) {
            const text = writeAbout(rng, {
              language,
              age: rng.int(18, 75),
              city: i % 4 === 0 ? null : 'Utrecht',
              interestKeys: rng.sample(
                INTERESTS.map((x) => x.key),
                rng.int(0, 6),
              ),
              reason,
              seek,
            });
            expect(text, text).not.toMatch(/[{}]|undefined|null/);
            expect(text.length).toBeGreaterThan(15);
          }
        }
      }
    }
  });

  it('varies the texts', () => {
    const rng = createRng(3);
    const texts = new Set(
      Array.from({ length: 50 }, () =>
        writeAbout(rng, {
          language: 'nl',
          age: 30,
          city: 'Gouda',
          interestKeys: ['music', 'wine'],
          reason: 'dating',
          seek: 'man',
        }),
      ),
    );
    expect(texts.size).toBeGreaterThan(45);
  });

  it('inflects the Polish age', () => {
    const rng = createRng(1);
    const texts = Array.from({ length: 200 }, () =>
      writeAbout(rng, { language: 'pl', age: 22, city: 'Kraków', interestKeys: [], reason: 'chat', seek: 'anyone' }),
    );
    expect(texts.some((t) => t.includes('22 lata'))).toBe(true);
    expect(texts.some((t) => t.includes('22 lat '))).toBe(false);
  });
});

describe('seekTarget', () => {
  it('follows gender and sexuality', () => {
    expect(seekTarget('female', 'hetero')).toBe('man');
    expect(seekTarget('male', 'hetero')).toBe('woman');
    expect(seekTarget('male', 'gay')).toBe('man');
    expect(seekTarget('female', 'lesbian')).toBe('woman');
    expect(seekTarget('male', 'bi')).toBe('anyone');
  });
});

describe('resolvePlaces', () => {
  it('matches regions by code, by name when codes differ, and keeps only matched places', () => {
    const rows = [
      { id: 1, country: 'PL', code: 'PL-MZ', name: 'whatever' },
      { id: 2, country: 'PL', code: 'XX-1', name: 'Małopolskie' },
    ];
    const resolved = resolvePlaces('PL', rows);
    expect(resolved.map((r) => [r.place.city, r.regionId])).toEqual([
      ['Warszawa', 1],
      ['Kraków', 2],
    ]);
  });

  it('returns every place without a region when the country has no rows', () => {
    expect(resolvePlaces('NZ', []).every((r) => r.regionId === null)).toBe(true);
  });
});

describe('generatePeople', () => {
  it('keeps a region but no city when no known city matches the country rows', () => {
    const people = generatePeople({
      count: 120,
      rng: createRng(5),
      now: new Date('2025-01-01T00:00:00Z'),
      regions: [{ id: 9, country: 'DE', code: 'DE-XX', name: 'Nirgendwo' }],
      interests,
    });
    const germans = people.filter((p) => p.country === 'DE');
    expect(germans.length).toBeGreaterThan(0);
    for (const p of germans) expect([p.regionId, p.city, p.latitude]).toEqual([9, null, null]);
  });

  it('never gives lesbian to men or gay to women, and keeps the demo login first', () => {
    const people = generatePeople({ count: 300, rng: createRng(11), now: new Date(), regions: [], interests });
    expect(people[0]?.isDemoLogin).toBe(true);
    expect(people.filter((p) => p.isDemoLogin)).toHaveLength(1);
    for (const p of people) {
      if (p.sexuality === 'lesbian') expect(p.gender).toBe('female');
      if (p.sexuality === 'gay') expect(p.gender).toBe('male');
    }
  });
});
