import { PROFILE_OPTIONS, type ProfileOption, type SiteSettings } from '@app/shared';
import type { MemberProfile, ProfileCard, RegionsResponse } from './api/contract';

/** A route's :id as a member id: a whole positive number, else null (the page shows not-found). */
export function parseMemberId(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

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

/** What the activity marker says: online now, active lately, or nothing. */
export type Activity = 'online' | 'recent' | null;

export function activityOf(card: Pick<ProfileCard, 'online' | 'recently_active'>): Activity {
  if (card.online) return 'online';
  return card.recently_active ? 'recent' : null;
}

/** The photo index after stepping `delta` from `index` in a gallery of `count`, wrapping round. */
export function stepPhoto(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/** One row of the details list: a profile option the member filled in and the site shows. */
export interface DetailRow {
  option: ProfileOption;
  value: string;
}

/**
 * The profile options to show: those in settings.visible_profile_fields (in the spec's order)
 * that the member has chosen; unanswered ones are left out rather than shown empty.
 */
export function detailRows(
  member: Pick<MemberProfile, ProfileOption>,
  settings: Pick<SiteSettings, 'visible_profile_fields'>,
): DetailRow[] {
  return (Object.keys(PROFILE_OPTIONS) as ProfileOption[]).flatMap((option) => {
    const value = member[option];
    return settings.visible_profile_fields.includes(option) && value ? [{ option, value }] : [];
  });
}

/** Whether the page shows the 'about me' text: the site shows notes and the member wrote some. */
export function showsAbout(
  member: Pick<MemberProfile, 'about'>,
  settings: Pick<SiteSettings, 'visible_profile_notes'>,
) {
  return settings.visible_profile_notes && member.about.trim() !== '';
}

/** Whether the page shows interests: the site shows them and the member picked some. */
export function showsInterests(
  member: Pick<MemberProfile, 'interests'>,
  settings: Pick<SiteSettings, 'visible_profile_fields'>,
) {
  return settings.visible_profile_fields.includes('interests') && member.interests.length > 0;
}

/** How many blurred tiles stand for locked photos: a few at most, the last one counting the rest. */
export const LOCKED_TILES_MAX = 3;

export function lockedTiles(lockedPhotos: number): number {
  return Math.min(Math.max(lockedPhotos, 0), LOCKED_TILES_MAX);
}
