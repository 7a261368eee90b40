import { PROFILE_OPTIONS, type ProfileOption, type SiteSettings } from '@app/shared';
import type { MemberProfile } from './api/contract';

/** A route's :id as a member id: a whole positive number, else null (the page shows not-found). */
export function parseMemberId(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
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
