import { COUNTRIES, COUNTRY_TIME_ZONES, DEFAULT_LOCALE, type Country } from '@app/shared';

/** The zone of a country we do not serve (data from before a change): the site's home zone. */
const FALLBACK_TIME_ZONE = COUNTRY_TIME_ZONES.NL;

const isCountry = (country: string): country is Country => (COUNTRIES as readonly string[]).includes(country);

/** The IANA time zone a member's day is counted in, from their country. */
export function timeZoneOf(country: string): string {
  return isCountry(country) ? COUNTRY_TIME_ZONES[country] : FALLBACK_TIME_ZONE;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The member's calendar day at `at` as 'YYYY-MM-DD', in their country's time zone: the daily
 * swipe limit and the daily auto-like start again at the member's own midnight.
 */
export function localDay(at: Date, country: string): string {
  const timeZone = timeZoneOf(country);
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(DEFAULT_LOCALE, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A position in a likes list: the like's time in microseconds since 1970 and the other member's id. */
export interface LikesCursor {
  micros: string;
  id: number;
}

/** The opaque `next` cursor of a list (LikesQuerySchema checks its form). */
export function encodeCursor(cursor: LikesCursor): string {
  return `${cursor.micros}_${cursor.id}`;
}

export function decodeCursor(value: string): LikesCursor {
  const [micros, id] = value.split('_');
  return { micros: micros!, id: Number(id) };
}
