/**
 * Content-page texts: the operator's own wording of /pages/terms, privacy, cookies, ban, faq,
 * return-policy and service per domain and language, in place of the `pages` catalogue's.
 * Console calls need the 'settings' permission (admin); every change writes an audit_log entry.
 *
 * Endpoints
 * - GET  /api/page-text.php?page=&locale=[&forced_domain=]  -> PageTextResponse: the request's site's own text of
 *     that page in that language, placeholders unfilled, or null for the catalogue's. Public,
 *     cacheable for a minute.
 * - GET  /api/admin/page-texts.php?domain=&locale=&page=  -> AdminPageTextResponse: the
 *     catalogue's text (placeholders unfilled), the domain's own or null, and the placeholders
 *     the page may use.
 * - PUT  /api/admin/page-texts.php  AdminPageTextBody -> AdminPageTextResponse. 400
 *     validation_failed with `fields` keyed `content.<path>` for a field over its limit or naming
 *     a {{placeholder}} the page does not offer; 404 for a domain without settings.
 * - POST /api/admin/page-text-reset.php  AdminPageTextKey -> AdminPageTextResponse (custom null):
 *     the catalogue's text again.
 */
import { z } from 'zod';
import { text } from './common.js';
import { LOCALES } from '../constants.js';
import { CONTENT_PAGE_LIMITS as L, type ContentPageText } from '../content-pages.js';
import { CONTENT_PAGES } from '../routes.js';

/** A section of a content page: a heading with paragraphs, questions and answers, or both. */
export const ContentPageSectionSchema = z.object({
  heading: text().trim().min(1).max(L.heading),
  paragraphs: z.array(text().trim().min(1).max(L.paragraph)).max(L.paragraphs).optional(),
  items: z
    .array(z.object({ q: text().trim().min(1).max(L.question), a: text().trim().min(1).max(L.answer) }))
    .max(L.items)
    .optional(),
});

/** A content page's text (ContentPageText), each field bounded by CONTENT_PAGE_LIMITS. */
export const ContentPageTextSchema = z.object({
  title: text().trim().min(1).max(L.title),
  /** The meta description. */
  description: text().trim().min(1).max(L.description),
  intro: text().trim().min(1).max(L.intro),
  sections: z.array(ContentPageSectionSchema).max(L.sections),
}) satisfies z.ZodType<ContentPageText>;

export const ContentPageNameSchema = z.enum(CONTENT_PAGES);

/** Which page text: a page of a domain in a language. */
export const AdminPageTextKeySchema = z.object({
  domain: text().trim().min(1).max(253),
  locale: z.enum(LOCALES),
  page: ContentPageNameSchema,
});
export type AdminPageTextKey = z.infer<typeof AdminPageTextKeySchema>;
export const AdminPageTextQuerySchema = AdminPageTextKeySchema;
export type AdminPageTextQuery = AdminPageTextKey;

export const AdminPageTextResponseSchema = z.object({
  /** The catalogue's text, placeholders unfilled. */
  default: ContentPageTextSchema,
  /** The domain's own text, or null while the catalogue's is shown. */
  custom: ContentPageTextSchema.nullable(),
  /** The {{placeholders}} the page's text may use. */
  placeholders: z.array(z.string()),
  /** When and by whom the own text was last saved; null without one. */
  updated_at: z.string().nullable(),
});
export type AdminPageTextResponse = z.infer<typeof AdminPageTextResponseSchema>;

export const AdminPageTextBodySchema = AdminPageTextKeySchema.extend({ content: ContentPageTextSchema });
export type AdminPageTextBody = z.infer<typeof AdminPageTextBodySchema>;

export const PageTextQuerySchema = z.object({
  page: ContentPageNameSchema,
  locale: z.enum(LOCALES),
  /** The site, as /api/settings.php takes it; else the Host header. */
  forced_domain: text().max(253).optional(),
});
export type PageTextQuery = z.infer<typeof PageTextQuerySchema>;

export const PageTextResponseSchema = z.object({ content: ContentPageTextSchema.nullable() });
export type PageTextResponse = z.infer<typeof PageTextResponseSchema>;
