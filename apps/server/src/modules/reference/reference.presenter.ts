import {
  COUNTRIES,
  REGION_KIND_BY_COUNTRY,
  cleanPhone,
  isCountry,
  type CompanyInfoResponse,
  type InterestsResponse,
  type RegionsResponse,
} from '@app/shared';
import type { InterestRow, RegionRow } from './reference.repository.js';
import type { CompanyRow } from '../../db/schema/index.js';

/** GET /api/companyinfo.php: the company behind the domain; the phone cleaned for dialling. */
export function presentCompanyInfo(company: CompanyRow): CompanyInfoResponse {
  return {
    companyinfo: {
      name: company.name,
      address: company.address,
      kvk: company.kvk,
      city: company.city,
      country: company.country,
      tradenames: company.tradenames,
      vat_numbers: company.vatNumbers,
      support_phone: cleanPhone(company.supportPhone),
      delete_discount: company.deleteDiscount,
      added: company.added.toISOString(),
    },
  };
}

export function presentInterests(rows: InterestRow[]): InterestsResponse {
  return { interests: rows.map((r) => ({ id: r.id, key: r.key, icon: r.icon })) };
}

/** Regions grouped per served country, in the order of COUNTRIES, each with its kind. */
export function presentRegions(rows: RegionRow[]): RegionsResponse {
  const regions: RegionsResponse['regions'] = {};
  for (const country of COUNTRIES) regions[country] = { kind: REGION_KIND_BY_COUNTRY[country], regions: [] };
  for (const r of rows) {
    if (!isCountry(r.country)) continue;
    regions[r.country]!.regions.push({ id: r.id, country: r.country, code: r.code, name: r.name });
  }
  return { regions };
}
