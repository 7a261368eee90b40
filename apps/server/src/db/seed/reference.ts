import { asc, sql } from 'drizzle-orm';
import {
  COUNTRIES,
  INTERESTS,
  PROFILE_FIELDS,
  SEARCH_FIELDS,
  TIME_BONUS_CODE,
  TIME_BONUS_PERCENT,
  type Country,
  type StoredSettings,
} from '@app/shared';
import type { Db } from '../client.js';
import {
  bundlePrices,
  companies,
  creditBundles,
  discountCodes,
  gifts,
  interests,
  members,
  regions,
  siteSettings,
} from '../schema/index.js';
import { REGIONS } from './regions.data.js';

/** Any constant; only the seeds take it, so two processes starting at once seed one at a time. */
const SEED_LOCK = 7_270_001;

/** The operating company of the seeded site (invented, plausible). */
export const SEED_COMPANY = {
  name: 'Amoria Media B.V.',
  address: 'Herengracht 420',
  kvk: '87654321',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: ['Amoria'],
  vatNumbers: ['NL864321987B01'],
  supportPhone: '+31 20-123 45 67',
  deleteDiscount: 50,
  added: new Date('2023-06-01T00:00:00Z'),
} as const;

const EURO_COUNTRIES: readonly Country[] = ['NL', 'BE', 'DE', 'AT', 'FR', 'IT', 'ES', 'IE'];

/** Price of the cheapest way to write one message, in cents of the country's currency. */
const MINIMUM_MESSAGE_COSTS: StoredSettings['minimum_message_costs'] = {
  ...Object.fromEntries(EURO_COUNTRIES.map((c) => [c, { costs: 199, currency: 'EUR' }])),
  CH: { costs: 199, currency: 'CHF' },
  PL: { costs: 849, currency: 'PLN' },
  GB: { costs: 179, currency: 'GBP' },
  US: { costs: 219, currency: 'USD' },
  CA: { costs: 279, currency: 'CAD' },
  AU: { costs: 299, currency: 'AUD' },
  NZ: { costs: 319, currency: 'NZD' },
};

/** Countries with the given ones first: the first is the fallback for visitors from elsewhere. */
function countriesStartingWith(...first: Country[]): Country[] {
  return [...first, ...COUNTRIES.filter((c) => !first.includes(c))];
}

const BASE_SETTINGS: Omit<
  StoredSettings,
  | 'index_title'
  | 'description'
  | 'domain_language'
  | 'countries'
  | 'fictional_warning'
  | 'fictional_singular'
  | 'fictional_plural'
> = {
  name: 'Amoria',
  cdn_prefix: '',
  niche: 1,
  visible_profile_fields: [...PROFILE_FIELDS],
  visible_profile_notes: true,
  message_credits: 10,
  photo_credits: 15,
  gift_credits: 20,
  signup_credits: 20,
  free_messages: 3,
  message_length: 1000,
  minimum_message_costs: MINIMUM_MESSAGE_COSTS,
  min_age: 18,
  support_email: 'support@amoria.example',
  support_phone: SEED_COMPANY.supportPhone,
  enable_site_entry_popup: 'yes',
  enable_us_footer: true,
  search_fields: [...SEARCH_FIELDS],
  fictional_icon: 'fictional',
  refund_days: 14,
  signups: 'all',
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  member_resell: false,
  photo_review: 'off',
};

/**
 * The seeded domains: the Dutch default, and a German one proving settings are per domain. Their
 * texts are written in the domain's language only; other languages read the catalogues' defaults.
 */
export const SEED_SITES: readonly { domain: string; isDefault: boolean; settings: StoredSettings }[] = [
  {
    domain: 'localhost',
    isDefault: true,
    settings: {
      ...BASE_SETTINGS,
      index_title: { nl: 'Amoria – daten, chatten en nieuwe mensen ontmoeten' },
      description:
        'Maak gratis een profiel aan, ontdek leden bij jou in de buurt en like, swipe en chat met singles uit heel Europa en daarbuiten.',
      domain_language: 'nl',
      countries: countriesStartingWith('NL', 'BE'),
      fictional_warning: { nl: 'Dit profiel is fictief en wordt beheerd door ons team.' },
      fictional_singular: { nl: 'fictief profiel' },
      fictional_plural: { nl: 'fictieve profielen' },
    },
  },
  {
    domain: 'de.localhost',
    isDefault: false,
    settings: {
      ...BASE_SETTINGS,
      index_title: { de: 'Amoria – daten, chatten und neue Menschen kennenlernen' },
      description:
        'Erstelle kostenlos ein Profil, entdecke Mitglieder in deiner Nähe und like, swipe und chatte mit Singles aus ganz Europa und darüber hinaus.',
      domain_language: 'de',
      countries: countriesStartingWith('DE', 'AT', 'CH'),
      fictional_warning: { de: 'Dieses Profil ist fiktiv und wird von unserem Team betreut.' },
      fictional_singular: { de: 'fiktives Profil' },
      fictional_plural: { de: 'fiktive Profile' },
    },
  },
];

/**
 * The gift catalogue every installation starts with, in display order. The pictures ship with
 * the web app (apps/web/public/gifts); `credits` null costs the site's settings.gift_credits,
 * the precious ones cost more.
 */
export const SEED_GIFTS: readonly { key: string; name: string; credits: number | null }[] = [
  { key: 'rose', name: 'Rose', credits: null },
  { key: 'heart', name: 'Heart', credits: null },
  { key: 'chocolates', name: 'Chocolates', credits: null },
  { key: 'teddy', name: 'Teddy bear', credits: null },
  { key: 'champagne', name: 'Champagne', credits: null },
  { key: 'cocktail', name: 'Cocktail', credits: null },
  { key: 'kiss', name: 'Kiss', credits: null },
  { key: 'cake', name: 'Cake', credits: null },
  { key: 'diamond', name: 'Diamond', credits: 50 },
  { key: 'ring', name: 'Ring', credits: 80 },
];

/**
 * The credit bundles every installation starts with, smallest first, with their prices in cents
 * of each currency a country pays in (CURRENCY_BY_COUNTRY, and EUR): a bigger bundle costs less
 * per credit (about 30, 25, 20 and 17 euro cents).
 */
export const SEED_BUNDLES: readonly {
  tier: 'p0' | 'p1' | 'p2' | 'p3';
  credits: number;
  popular: boolean;
  prices: Record<string, number>;
}[] = [
  {
    tier: 'p0',
    credits: 50,
    popular: false,
    prices: { EUR: 1499, CHF: 1490, PLN: 6499, GBP: 1299, USD: 1599, CAD: 2199, AUD: 2399, NZD: 2599 },
  },
  {
    tier: 'p1',
    credits: 120,
    popular: false,
    prices: { EUR: 2999, CHF: 2990, PLN: 12999, GBP: 2599, USD: 3199, CAD: 4399, AUD: 4799, NZD: 5199 },
  },
  {
    tier: 'p2',
    credits: 300,
    popular: true,
    prices: { EUR: 5999, CHF: 5990, PLN: 25999, GBP: 4999, USD: 6399, CAD: 8799, AUD: 9599, NZD: 10399 },
  },
  {
    tier: 'p3',
    credits: 700,
    popular: false,
    prices: { EUR: 11999, CHF: 11990, PLN: 51999, GBP: 9999, USD: 12799, CAD: 17599, AUD: 18999, NZD: 20799 },
  },
];

/**
 * Reference data every installation needs, run at every start. Interests and regions are
 * upserted (code owns them); the company, the site settings, the gifts and the time-bonus code
 * are inserted only when missing, and the credit bundles only while there are none, so an
 * operator's later edits (a price, a withdrawn gift or bundle) are never overwritten. Safe when
 * several processes start at once.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);

    await tx
      .insert(interests)
      .values(INTERESTS.map((i) => ({ key: i.key, icon: i.icon })))
      .onConflictDoUpdate({
        target: interests.key,
        set: { icon: sql`excluded.icon` },
        // Unchanged rows are not rewritten: every start runs this, and a rewrite costs WAL.
        setWhere: sql`${interests.icon} is distinct from excluded.icon`,
      });

    const regionRows = COUNTRIES.flatMap((country) => REGIONS[country].map((r) => ({ country, ...r })));
    await tx
      .insert(regions)
      .values(regionRows)
      .onConflictDoUpdate({
        target: regions.code,
        set: { name: sql`excluded.name`, country: sql`excluded.country` },
        setWhere: sql`(${regions.name}, ${regions.country}) is distinct from (excluded.name, excluded.country)`,
      });

    await tx
      .insert(gifts)
      .values(SEED_GIFTS.map((g, position) => ({ ...g, image: `/gifts/${g.key}.svg`, position })))
      .onConflictDoNothing({ target: gifts.key });

    const [anyBundle] = await tx.select({ id: creditBundles.id }).from(creditBundles).limit(1);
    if (!anyBundle) {
      for (const [position, bundle] of SEED_BUNDLES.entries()) {
        const [row] = await tx
          .insert(creditBundles)
          .values({ tier: bundle.tier, credits: bundle.credits, popular: bundle.popular, position })
          .returning({ id: creditBundles.id });
        await tx
          .insert(bundlePrices)
          .values(Object.entries(bundle.prices).map(([currency, amount]) => ({ bundleId: row!.id, currency, amount })));
      }
    }

    // The time bonus's global code; who may use it, and until when, is the discounts module's rule.
    await tx
      .insert(discountCodes)
      .values({
        code: TIME_BONUS_CODE,
        percentage: TIME_BONUS_PERCENT,
        validity: 'once_per_user',
        source: 'time_bonus',
      })
      .onConflictDoNothing();

    const existing = await tx
      .select({ domain: siteSettings.domain, isDefault: siteSettings.isDefault })
      .from(siteSettings);
    const missing = SEED_SITES.filter((s) => !existing.some((e) => e.domain === s.domain));
    if (missing.length === 0) return;

    // The operator's company when there is one, else the seeded one.
    let [company] = await tx.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
    if (!company) {
      [company] = await tx
        .insert(companies)
        .values({ ...SEED_COMPANY, tradenames: [...SEED_COMPANY.tradenames], vatNumbers: [...SEED_COMPANY.vatNumbers] })
        .returning({ id: companies.id });
    }
    const hasDefault = existing.some((e) => e.isDefault);
    await tx
      .insert(siteSettings)
      .values(
        missing.map((s) => ({
          domain: s.domain,
          isDefault: s.isDefault && !hasDefault,
          companyId: company!.id,
          settings: s.settings,
        })),
      )
      .onConflictDoNothing({ target: siteSettings.domain });
  });
}

/** Whether the members table is empty: the demo seed runs only then. */
export async function hasNoMembers(db: Db): Promise<boolean> {
  const rows = await db.select({ id: members.id }).from(members).limit(1);
  return rows.length === 0;
}
