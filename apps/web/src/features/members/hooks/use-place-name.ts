import { useQuery } from '@tanstack/react-query';
import { currentLocale } from '../../../lib/i18n';
import { regionsQueryOptions } from '../../../data/regions';
import type { ProfileCard } from '../api/contract';
import { needsRegions, placeName } from '../rules';

/** A member's place in words; the regions list loads only when a region is all there is to name. */
export function usePlaceName(card: Pick<ProfileCard, 'city' | 'region_id' | 'country'>): string {
  const regions = useQuery({ ...regionsQueryOptions(), enabled: needsRegions(card) });
  const countryNames = new Intl.DisplayNames([currentLocale()], { type: 'region' });
  return placeName(card, regions.data, (code) => countryNames.of(code) ?? code);
}
