import { cleanPhone } from './rules.js';
import type { CompanyInfo } from './schemas/reference.js';
import type { SiteSettings } from './schemas/settings.js';

/** Limits of an operator's content-page text: generous for legal texts, bounded for storage. */
export const CONTENT_PAGE_LIMITS = {
  title: 200,
  description: 400,
  intro: 4000,
  sections: 60,
  heading: 300,
  paragraphs: 60,
  paragraph: 10_000,
  items: 100,
  question: 1000,
  answer: 10_000,
} as const;

/** A section of a content page: a heading with paragraphs, questions and answers, or both. */
export interface ContentPageSection {
  heading: string;
  paragraphs?: string[];
  items?: Array<{ q: string; a: string }>;
}

/**
 * A content page as the `pages` catalogue holds it, under the page's name, or as an operator
 * wrote it for a site (validated by ContentPageTextSchema in schemas/admin-pages.ts, kept there
 * so the member site's pages never load zod).
 */
export interface ContentPageText {
  title: string;
  /** The meta description. */
  description: string;
  intro: string;
  sections: ContentPageSection[];
}

/** The {{placeholders}} every content page's text may use; contentPageValues fills each. */
export const CONTENT_PAGE_PLACEHOLDERS = [
  'name',
  'domain',
  'company',
  'address',
  'city',
  'country',
  'kvk',
  'vat',
  'tradenames',
  'email',
  'phone',
  'days',
  'min_age',
  'fictional_singular',
  'fictional_plural',
  'message_credits',
  'photo_credits',
  'gift_credits',
] as const;
export type ContentPagePlaceholder = (typeof CONTENT_PAGE_PLACEHOLDERS)[number];

/** Every {{placeholder}} a text names, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!))];
}

/**
 * The paths (`intro`, `sections.2.paragraphs.0`, `sections.1.items.3.a`) of a page text's
 * fields that name a placeholder outside `allowed`, each with the first unknown name.
 */
export function unknownPlaceholders(page: ContentPageText, allowed: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  const check = (path: string, text: string) => {
    const unknown = placeholdersIn(text).find((name) => !allowed.includes(name));
    if (unknown) found[path] = unknown;
  };
  check('title', page.title);
  check('description', page.description);
  check('intro', page.intro);
  page.sections.forEach((section, i) => {
    check(`sections.${i}.heading`, section.heading);
    section.paragraphs?.forEach((p, j) => check(`sections.${i}.paragraphs.${j}`, p));
    section.items?.forEach((item, j) => {
      check(`sections.${i}.items.${j}.q`, item.q);
      check(`sections.${i}.items.${j}.a`, item.a);
    });
  });
  return found;
}

/** A text with its {{placeholders}} filled from `values`; unknown ones stay as written. */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}

/** A whole page text with its placeholders filled. */
export function fillContentPage(page: ContentPageText, values: Record<string, string | number>): ContentPageText {
  const fill = (text: string) => fillPlaceholders(text, values);
  return {
    title: fill(page.title),
    description: fill(page.description),
    intro: fill(page.intro),
    sections: page.sections.map((section) => ({
      heading: fill(section.heading),
      ...(section.paragraphs && { paragraphs: section.paragraphs.map(fill) }),
      ...(section.items && { items: section.items.map((item) => ({ q: fill(item.q), a: fill(item.a) })) }),
    })),
  };
}

/** The settings a content page's texts name. */
export type ContentPageSettings = Pick<
  SiteSettings,
  | 'name'
  | 'support_email'
  | 'support_phone'
  | 'refund_days'
  | 'min_age'
  | 'fictional_singular'
  | 'fictional_plural'
  | 'message_credits'
  | 'photo_credits'
  | 'gift_credits'
> & { domain?: string };

/**
 * The values of the content pages' {{placeholders}}, from the site's settings and its company
 * (null until loaded: the company's fields are then empty). The web page and the server's
 * rendering of the same page both fill the texts from this, so they never differ.
 */
export function contentPageValues(
  settings: ContentPageSettings,
  company: CompanyInfo | null,
): Record<string, string | number> {
  return {
    name: settings.name,
    domain: settings.domain ?? '',
    company: company?.name ?? '',
    address: company?.address ?? '',
    city: company?.city ?? '',
    country: company?.country ?? '',
    kvk: company?.kvk ?? '',
    vat: company?.vat_numbers.join(', ') ?? '',
    tradenames: company?.tradenames.join(', ') ?? '',
    email: settings.support_email,
    phone: cleanPhone(company?.support_phone || settings.support_phone),
    days: settings.refund_days,
    min_age: settings.min_age,
    fictional_singular: settings.fictional_singular,
    fictional_plural: settings.fictional_plural,
    message_credits: settings.message_credits,
    photo_credits: settings.photo_credits,
    gift_credits: settings.gift_credits,
  };
}
