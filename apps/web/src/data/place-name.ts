import type { ProfileCard, RegionsResponse } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { currentLocale } from '../lib/i18n';
import { regionsQueryOptions } from './regions';

/** The name of a member's region, or null when it is unknown or the regions have not loaded. */
export function regionName(
  card: Pick<ProfileCard, 'region_id' | 'country'>,
  regions: RegionsResponse | undefined,
): string | null {
  if (card.region_id === null || !regions) return null;
  return regions.regions[card.country]?.regions.find((region) => region.id === card.region_id)?.name ?? null;
}

/** Where a member lives, as precise as they told: the city, else the region, else the country. */
export function placeName(
  card: Pick<ProfileCard, 'city' | 'region_id' | 'country'>,
  regions: RegionsResponse | undefined,
  countryName: (code: string) => string,
): string {
  return card.city?.trim() || regionName(card, regions) || countryName(card.country);
}

/** Whether the place needs the regions list to be named (no city, but a region). */
export function needsRegions(card: Pick<ProfileCard, 'city' | 'region_id'>): boolean {
  return !card.city?.trim() && card.region_id !== null;
}

/** A member's place in words; the regions list loads only when a region is all there is to name. */
export function usePlaceName(card: Pick<ProfileCard, 'city' | 'region_id' | 'country'>): string {
  const regions = useQuery({ ...regionsQueryOptions(), enabled: needsRegions(card) });
  const countryNames = new Intl.DisplayNames([currentLocale()], { type: 'region' });
  return placeName(card, regions.data, (code) => countryNames.of(code) ?? code);
}
