import { z } from 'zod';
import { text } from './common.js';
import { RegionKindSchema } from './settings.js';

/** Company behind the site (spec section 3), for legal pages, footer and retention offers. */
export const CompanyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  /** Cleaned of dashes and spaces. */
  support_phone: z.string(),
  /** Percentage offered to a member who is about to delete the account. */
  delete_discount: z.number().int().min(0).max(100),
  /** When the company was added, ISO 8601; moves the terms version date forward. */
  added: z.string(),
});
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;
export const CompanyInfoResponseSchema = z.object({ companyinfo: CompanyInfoSchema });
export type CompanyInfoResponse = z.infer<typeof CompanyInfoResponseSchema>;

export const InterestSchema = z.object({
  id: z.number().int(),
  /** Stable key; its label is translated under interests.<key>. */
  key: z.string(),
  /** Icon name the web app draws. */
  icon: z.string(),
});
export type Interest = z.infer<typeof InterestSchema>;
export const InterestsResponseSchema = z.object({ interests: z.array(InterestSchema) });
export type InterestsResponse = z.infer<typeof InterestsResponseSchema>;

export const RegionSchema = z.object({
  id: z.number().int(),
  country: z.string().length(2),
  /** Stable code, e.g. NL-NH. */
  code: z.string(),
  name: z.string(),
});
export type Region = z.infer<typeof RegionSchema>;

export const CountryRegionsSchema = z.object({
  kind: RegionKindSchema,
  regions: z.array(RegionSchema),
});
export const RegionsResponseSchema = z.object({
  /** Keyed by country code. */
  regions: z.record(z.string(), CountryRegionsSchema),
});
export type RegionsResponse = z.infer<typeof RegionsResponseSchema>;

/** GET /api/companyinfo.php: like settings.php, the client may name its host. */
export const CompanyInfoQuerySchema = z.object({ forced_domain: text().max(253).optional() }).catchall(text());
export type CompanyInfoQuery = z.infer<typeof CompanyInfoQuerySchema>;
