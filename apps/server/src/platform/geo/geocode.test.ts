import { COUNTRIES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../db/seed/regions.data.js';
import { nearestCity } from './cities.js';
import { mappedRegionCodes, regionCodeFor } from './geonames-regions.js';
import { GEOCODE_MAX_KM, reverseGeocode } from './index.js';

describe('regionCodeFor', () => {
  it.each(COUNTRIES)('maps the places of %s onto exactly the regions we seed', (country) => {
    const seeded = REGIONS[country].map((r) => r.code).sort();
    const mapped =
      country === 'CH' || country === 'GB' || country === 'US'
        ? seeded.map((code) => regionCodeFor({ country, admin1: code.slice(3), admin2: '', latitude: 0, longitude: 0 }))
        : [...new Set(mappedRegionCodes(country))];
    expect([...mapped].sort()).toEqual(seeded);
  });

  it('finds a Belgian province from the arrondissement and an Irish county from the position', () => {
    const be = (admin2: string) => regionCodeFor({ country: 'BE', admin1: 'VLG', admin2, latitude: 0, longitude: 0 });
    expect(be('11')).toBe('BE-VAN');
    expect(be('24')).toBe('BE-VBR');
    expect(be('25')).toBe('BE-WBR');
    expect(be('44')).toBe('BE-VOV');
    expect(be('93')).toBe('BE-WNA');
    expect(be('')).toBeNull();
    expect(regionCodeFor({ country: 'IE', admin1: 'M', admin2: '', latitude: 51.9, longitude: -8.47 })).toBe('IE-CO');
    expect(regionCodeFor({ country: 'IE', admin1: 'C', admin2: '', latitude: 53.27, longitude: -9.05 })).toBe('IE-G');
  });

  it('answers null for codes that name no region of ours', () => {
    expect(regionCodeFor({ country: 'ES', admin1: 'CE', admin2: '', latitude: 0, longitude: 0 })).toBeNull();
    expect(regionCodeFor({ country: 'LU', admin1: 'LU', admin2: '', latitude: 0, longitude: 0 })).toBeNull();
  });
});

describe('reverseGeocode', () => {
  it('finds Amsterdam in Noord-Holland, not one of its neighbourhoods', () => {
    expect(reverseGeocode(52.37, 4.89)).toEqual({
      country: 'NL',
      regionCode: 'NL-NH',
      city: 'Amsterdam',
      latitude: expect.closeTo(52.374, 2),
      longitude: expect.closeTo(4.89, 2),
    });
  });

  it.each([
    [48.8566, 2.3522, 'FR', 'FR-IDF'],
    [50.8503, 4.3517, 'BE', 'BE-BRU'],
    [51.2194, 4.4025, 'BE', 'BE-VAN'],
    [52.52, 13.405, 'DE', 'DE-BE'],
    [47.3769, 8.5417, 'CH', 'CH-ZH'],
    [40.7128, -74.006, 'US', 'US-NY'],
    [53.3498, -6.2603, 'IE', 'IE-D'],
    [-33.8688, 151.2093, 'AU', 'AU-NSW'],
  ])('places %f, %f in %s, %s', (lat, lon, country, region) => {
    const place = reverseGeocode(lat, lon);
    expect(place?.country).toBe(country);
    expect(place?.regionCode).toBe(region);
  });

  it(`finds nothing at sea, further than ${GEOCODE_MAX_KM} km from any town`, () => {
    expect(reverseGeocode(54.8, 3.2)).toBeNull(); // North Sea
    expect(reverseGeocode(0, -30)).toBeNull(); // Atlantic
  });

  it('searches across the antimeridian and near the poles without failing', () => {
    // West of the date line, the nearest town (Levuka, Fiji) lies east of it.
    expect(nearestCity(-18.07, -179.9, 100)).toMatchObject({ name: 'Levuka', country: 'FJ' });
    expect(reverseGeocode(89.9, 0)).toBeNull();
  });
});
