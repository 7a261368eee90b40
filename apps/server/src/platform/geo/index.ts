import geoip from 'geoip-lite';

/**
 * Country (ISO 3166-1 alpha-2) of an IP address from the offline GeoLite data shipped in the
 * geoip-lite package, so no request leaves the machine. Null for private, loopback and unknown
 * addresses: the caller falls back to the site's first country.
 */
export function countryForIp(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const country = geoip.lookup(ip)?.country;
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}
