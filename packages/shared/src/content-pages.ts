import { cleanPhone } from './rules.js';
import type { CompanyInfo } from './schemas/reference.js';
import type { SiteSettings } from './schemas/settings.js';

/** A section of a content page: a heading with paragraphs, questions and answers, or both. */
export interface ContentPageSection {
  heading: string;
  paragraphs?: string[];
  items?: Array<{ q: string; a: string }>;
}

/** A content page as the `pages` catalogue holds it, under the page's name. */
export interface ContentPageText {
  title: string;
  /** The meta description. */
  description: string;
  intro: string;
  sections: ContentPageSection[];
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
