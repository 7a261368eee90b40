import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsContactDetails, isNewAccount, isRepeatedOpening, normalizeOpening } from './spam.rules.js';

describe('containsContactDetails', () => {
  it.each([
    'kijk op https://example.org/me',
    'of http://foo.bar',
    'www.mijnprofiel.nl',
    'zoek me op snapchat.com',
    'mijn site: jan-de-vries.online',
    'mail me: jan.devries+x@gmail.com',
    'jan at gmail dot com',
    'jan (at) hotmail (punt) nl',
    'jan[at]gmail[.]com',
    'jan apenstaartje ziggo punt nl',
    'bel me 0612345678',
    'app me op 06 12 34 56 78',
    'mijn nummer is 06-1234 5678',
    '+31 6 12345678',
    '0031 6 12 34 56 78',
    '(020) 123-4567',
    '06.12.34.56.78',
  ])('finds contact details in %j', (text) => {
    expect(containsContactDetails(text)).toBe(true);
  });

  it.each([
    'Hoi! Ik ben 34 en woon in Utrecht.',
    'Zullen we om 19:30 afspreken? Of om 20.00 uur?',
    'Het kostte € 1.250.000, veel te duur.',
    'Ik ben geboren op 12-05-1990.',
    'Van 1990-2000 woonde ik in Gent.',
    'Dat was 3.50 euro, en 12,95 voor de rest.',
    'Leuk profiel.De foto bij het meer is mooi.',
    'I was at home. It was raining.',
    'Ik heb 2 katten en 3 honden, en ik ben 1,85 m.',
    'Tussen 1.000 en 2.000 kilometer',
  ])('finds none in %j', (text) => {
    expect(containsContactDetails(text)).toBe(false);
  });

  const words = fc.constantFrom(
    'hoi',
    'ik',
    'ben',
    'jij',
    'leuk',
    'profiel',
    'wandelen',
    'koken',
    'de',
    'het',
    'een',
    'at',
    'home',
    'it',
    'was',
    'nice',
    'en',
    'met',
    'om',
    'uur',
    'jaar',
    'oud',
    'euro',
    'km',
    'ja',
    'nee',
    'is',
    'to',
  );
  const smallNumbers = fc.oneof(
    fc.integer({ min: 18, max: 99 }).map(String),
    fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${h}:${String(m).padStart(2, '0')}`),
    fc
      .tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 99 }))
      .map(([e, c]) => `€${e},${String(c).padStart(2, '0')}`),
  );
  // A number is followed by a word, as people write them ("34 jaar", "om 19:30 uur").
  const sentence = fc
    .array(
      fc.oneof(
        words,
        fc.tuple(smallNumbers, words).map((pair) => pair.join(' ')),
      ),
      { minLength: 1, maxLength: 20 },
    )
    .chain((parts) => fc.constantFrom('.', '!', '?', '').map((end) => `${parts.join(' ')}${end}`));

  it('never flags ordinary words with ages, times and prices', () => {
    fc.assert(fc.property(sentence, (text) => !containsContactDetails(text)));
  });

  it('flags a Dutch mobile number whatever separators are put between its digits', () => {
    const separator = fc.constantFrom('', ' ', '-', '.', ' - ');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }),
        fc.array(separator, { minLength: 9, maxLength: 9 }),
        sentence,
        (digits, separators, around) => {
          const number = ['0', '6', ...digits.map(String)]
            .map((d, i) => (i === 0 ? d : `${separators[i - 1]}${d}`))
            .join('');
          return containsContactDetails(`${around} ${number} ${around}`);
        },
      ),
    );
  });
});

describe('normalizeOpening', () => {
  it('ignores case and whitespace', () => {
    expect(normalizeOpening('  Hoi   Schat,\n hoe  IS het? ')).toBe('hoi schat, hoe is het?');
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (text) => normalizeOpening(normalizeOpening(text)) === normalizeOpening(text)));
  });
});

describe('isNewAccount', () => {
  const limits = { days: 7, messages: 10 };
  const now = new Date('2026-11-20T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

  it('is new while young or quiet, and not once both are past', () => {
    expect(isNewAccount({ signupDate: daysAgo(6.9), sent: 50 }, now, limits)).toBe(true);
    expect(isNewAccount({ signupDate: daysAgo(30), sent: 9 }, now, limits)).toBe(true);
    expect(isNewAccount({ signupDate: daysAgo(7), sent: 10 }, now, limits)).toBe(false);
  });
});

describe('isRepeatedOpening', () => {
  it('refuses the third opening with the same text, whatever its case and spacing', () => {
    expect(isRepeatedOpening(['Hoi schat'], 'hoi schat', 3)).toBe(false);
    expect(isRepeatedOpening(['Hoi schat', 'hoi  SCHAT '], 'Hoi schat', 3)).toBe(true);
    expect(isRepeatedOpening(['Hoi schat', 'Hallo daar'], 'Hoi schat', 3)).toBe(false);
  });
});
