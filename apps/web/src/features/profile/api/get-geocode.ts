import { apiRequest } from '../../../lib/api';
import type { GeocodeResponse } from './contract';

/**
 * GET /api/geocode.php: the nearest served place of a browser position, resolved offline by
 * the server. Called once per 'use my location' press, so it is a plain call, not a query.
 */
export function getGeocode(lat: number, lon: number): Promise<GeocodeResponse> {
  const query = new URLSearchParams({ lat: String(lat), lon: String(lon) });
  return apiRequest<GeocodeResponse>(`/api/geocode.php?${query}`);
}
