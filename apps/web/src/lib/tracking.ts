import { matchRoute, TRACKING_PARAMS } from '@app/shared';
import { readStorage, writeStorage } from './storage';

export type TrackingParam = (typeof TRACKING_PARAMS)[number];

/** Where a visitor came from (spec section 3): network, ref, sub1, sub2, sub3. */
export type TrackingRecord = Partial<Record<TrackingParam, string>>;

/** localStorage key of the tracking record. */
const TRACKING_KEY = 'tracking';

/** Longest value kept per parameter; anything longer is not a real campaign value. */
const MAX_VALUE_LENGTH = 255;

/** The tracking parameters present in a query string, or null when there are none. */
export function trackingFromQuery(search: URLSearchParams): TrackingRecord | null {
  const record: TrackingRecord = {};
  for (const param of TRACKING_PARAMS) {
    const value = search.get(param)?.trim();
    if (value) record[param] = value.slice(0, MAX_VALUE_LENGTH);
  }
  return Object.keys(record).length > 0 ? record : null;
}

/** Whether a traffic source is stored (signups may depend on it, spec section 6). */
export function hasTrafficSource(record: TrackingRecord | null): boolean {
  return Boolean(record && TRACKING_PARAMS.some((param) => record[param]));
}

export function readTracking(): TrackingRecord | null {
  const raw = readStorage('local', TRACKING_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const record: TrackingRecord = {};
    for (const param of TRACKING_PARAMS) {
      const value = (parsed as Record<string, unknown>)[param];
      if (typeof value === 'string' && value) record[param] = value;
    }
    return record;
  } catch {
    return null;
  }
}

/**
 * Stores the tracking parameters of the landing URL: fresh values replace the stored record,
 * a URL without them keeps the first touch.
 */
export function storeTracking(search: URLSearchParams): void {
  const fresh = trackingFromQuery(search);
  if (fresh) writeStorage('local', TRACKING_KEY, JSON.stringify(fresh));
}

/** localStorage key of the landing page the visitor arrived on. */
const LANDING_KEY = 'landing';

/** Routes that are landing pages: a visit that starts on one is credited to it at signup. */
const LANDING_ROUTES = new Set([
  'landers-name-slug',
  'landers-tinderswipe',
  'members-id-landing',
  'members-id-landing2-slug',
  'members-id-landing3-slug',
]);

/**
 * Remembers the landing page a visit started on (its path without the leading slash), so the
 * signup names the lander that won the member; a later landing visit replaces it, like fresh
 * tracking parameters do.
 */
export function storeLanding(pathname: string): void {
  const route = matchRoute(pathname)?.route.name;
  if (route && LANDING_ROUTES.has(route))
    writeStorage('local', LANDING_KEY, pathname.replace(/^\/+|\/+$/g, '').slice(0, 200));
}

/** The landing page the visitor arrived on, if any. */
export function readLanding(): string | null {
  return readStorage('local', LANDING_KEY) || null;
}
