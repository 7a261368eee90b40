import { PROFILE_OPTIONS, type ProfileOption, type SiteSettings } from '@app/shared';
import type { Geocode, OwnProfile, ProfileUpdateBody } from './api/contract';

/** The profile options this site shows (settings.visible_profile_fields), in the spec's order. */
export function visibleOptions(visibleFields: SiteSettings['visible_profile_fields']): ProfileOption[] {
  return (Object.keys(PROFILE_OPTIONS) as ProfileOption[]).filter((key) => visibleFields.includes(key));
}

/** Which sections of the profile the site shows. */
export interface ProfileSections {
  options: ProfileOption[];
  interests: boolean;
  /** The 'about me' text (settings.visible_profile_notes). */
  about: boolean;
}

export function profileSections(
  settings: Pick<SiteSettings, 'visible_profile_fields' | 'visible_profile_notes'>,
): ProfileSections {
  return {
    options: visibleOptions(settings.visible_profile_fields),
    interests: settings.visible_profile_fields.includes('interests'),
    about: settings.visible_profile_notes,
  };
}

/**
 * The PUT body of a section: only the fields whose value differs from the saved profile, so a
 * save never overwrites what another section (or tab) changed meanwhile.
 */
export function changedFields(saved: OwnProfile, edited: ProfileUpdateBody): ProfileUpdateBody {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(edited)) {
    const before: unknown = saved[key as keyof OwnProfile];
    const same = Array.isArray(value) && Array.isArray(before) ? sameSet(value, before) : value === before;
    if (!same) body[key] = value;
  }
  return body as ProfileUpdateBody;
}

function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}

/** What the photo grid offers next: another upload, the premium prompt, or nothing (spec section 9). */
export function photoAllowance(count: number, limit: number, paidUser: boolean): 'upload' | 'premium' | 'full' {
  if (count < limit) return 'upload';
  return paidUser ? 'full' : 'premium';
}

/** Geolocation permission as the spec names it (section 4): unsupported, unknown, or the browser's state. */
export type GeolocationPermission = 'unsupported' | 'unknown' | PermissionState;

/**
 * The permission state to show: 'unsupported' without navigator.geolocation, 'unknown' when
 * the browser cannot tell (no Permissions API, or the query failed), else its own state.
 */
export function geolocationPermission(supported: boolean, browserState: PermissionState | null): GeolocationPermission {
  if (!supported) return 'unsupported';
  return browserState ?? 'unknown';
}

/** localStorage key of the geolocation geocode: the last resolved place, or false after a failure (spec section 7). */
export const GEOCODE_STORAGE_KEY = 'geolocation-geocode';

/** The stored form of a geocode, or of a failure. */
export function serializeGeocode(geocode: Geocode | false): string {
  return JSON.stringify(geocode);
}

/** The steps of /complete-signup (spec section 2); a step whose fields the site hides is left out. */
export type WizardStep = 'photo' | 'location' | 'details' | 'about' | 'push';

export function wizardSteps(sections: ProfileSections): WizardStep[] {
  const steps: WizardStep[] = ['photo', 'location'];
  if (sections.options.length > 0 || sections.interests) steps.push('details');
  if (sections.about) steps.push('about');
  steps.push('push');
  return steps;
}

/** Today's date minus `years`, as 'YYYY-MM-DD': the latest birth date of a member that old. */
export function latestBirthDate(today: Date, years: number): string {
  const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  return date.toISOString().slice(0, 10);
}
