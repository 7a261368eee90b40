import type { Country } from '@app/shared';

/** A city the demo members live in, with the ISO 3166-2 code and name of its region. */
export interface Place {
  city: string;
  /** ISO 3166-2 code first, then older codes still in use (Poland renumbered in 2018). */
  regionCodes: readonly string[];
  regionName: string;
  latitude: number;
  longitude: number;
  /** Relative share of the country's members: larger cities get more. */
  weight: number;
}

type Row = readonly [
  city: string,
  code: string | readonly string[],
  region: string,
  lat: number,
  lon: number,
  weight: number,
];

function places(rows: readonly Row[]): Place[] {
  return rows.map(([city, code, regionName, latitude, longitude, weight]) => ({
    city,
    regionCodes: typeof code === 'string' ? [code] : code,
    regionName,
    latitude,
    longitude,
    weight,
  }));
}

/**
 * Real cities per country. Region codes follow ISO 3166-2, which the reference seed's regions
 * table uses too; the region name is the fallback match should the codes ever differ.
 */
export const PLACES: Record<Country, readonly Place[]> = {
  NL: places([
    ['Amsterdam', 'NL-NH', 'Noord-Holland', 52.3676, 4.9041, 10],
    ['Haarlem', 'NL-NH', 'Noord-Holland', 52.3874, 4.6462, 2],
    ['Alkmaar', 'NL-NH', 'Noord-Holland', 52.6324, 4.7534, 1],
    ['Rotterdam', 'NL-ZH', 'Zuid-Holland', 51.9244, 4.4777, 7],
    ['Den Haag', 'NL-ZH', 'Zuid-Holland', 52.0705, 4.3007, 6],
    ['Leiden', 'NL-ZH', 'Zuid-Holland', 52.1601, 4.497, 2],
    ['Delft', 'NL-ZH', 'Zuid-Holland', 52.0116, 4.3571, 1],
    ['Utrecht', 'NL-UT', 'Utrecht', 52.0907, 5.1214, 5],
    ['Amersfoort', 'NL-UT', 'Utrecht', 52.1561, 5.3878, 2],
    ['Eindhoven', 'NL-NB', 'Noord-Brabant', 51.4416, 5.4697, 4],
    ['Tilburg', 'NL-NB', 'Noord-Brabant', 51.5555, 5.0913, 3],
    ['Breda', 'NL-NB', 'Noord-Brabant', 51.5719, 4.7683, 2],
    ["'s-Hertogenbosch", 'NL-NB', 'Noord-Brabant', 51.6978, 5.3037, 2],
    ['Groningen', 'NL-GR', 'Groningen', 53.2194, 6.5665, 3],
    ['Nijmegen', 'NL-GE', 'Gelderland', 51.8126, 5.8372, 3],
    ['Arnhem', 'NL-GE', 'Gelderland', 51.9851, 5.8987, 3],
    ['Apeldoorn', 'NL-GE', 'Gelderland', 52.2112, 5.9699, 2],
    ['Enschede', 'NL-OV', 'Overijssel', 52.2215, 6.8937, 2],
    ['Zwolle', 'NL-OV', 'Overijssel', 52.5168, 6.083, 2],
    ['Maastricht', 'NL-LI', 'Limburg', 50.8514, 5.691, 2],
    ['Venlo', 'NL-LI', 'Limburg', 51.3704, 6.1724, 1],
    ['Leeuwarden', 'NL-FR', 'Friesland', 53.2012, 5.7999, 2],
    ['Assen', 'NL-DR', 'Drenthe', 52.9925, 6.5649, 1],
    ['Emmen', 'NL-DR', 'Drenthe', 52.7792, 6.9069, 1],
    ['Almere', 'NL-FL', 'Flevoland', 52.3508, 5.2647, 2],
    ['Lelystad', 'NL-FL', 'Flevoland', 52.5185, 5.4714, 1],
    ['Middelburg', 'NL-ZE', 'Zeeland', 51.4988, 3.6109, 1],
    ['Vlissingen', 'NL-ZE', 'Zeeland', 51.4425, 3.5736, 1],
  ]),
  BE: places([
    ['Antwerpen', 'BE-VAN', 'Antwerpen', 51.2194, 4.4025, 5],
    ['Mechelen', 'BE-VAN', 'Antwerpen', 51.0259, 4.4777, 2],
    ['Gent', 'BE-VOV', 'Oost-Vlaanderen', 51.0543, 3.7174, 4],
    ['Aalst', 'BE-VOV', 'Oost-Vlaanderen', 50.9378, 4.0403, 1],
    ['Brugge', 'BE-VWV', 'West-Vlaanderen', 51.2093, 3.2247, 2],
    ['Kortrijk', 'BE-VWV', 'West-Vlaanderen', 50.8279, 3.2649, 1],
    ['Leuven', 'BE-VBR', 'Vlaams-Brabant', 50.8798, 4.7005, 2],
    ['Hasselt', 'BE-VLI', 'Limburg', 50.9307, 5.3325, 2],
    ['Brussel', 'BE-BRU', 'Brussel', 50.8503, 4.3517, 5],
    ['Liège', 'BE-WLG', 'Liège', 50.6326, 5.5797, 2],
    ['Namur', 'BE-WNA', 'Namur', 50.4674, 4.872, 1],
    ['Charleroi', 'BE-WHT', 'Hainaut', 50.4108, 4.4446, 1],
    ['Wavre', 'BE-WBR', 'Brabant wallon', 50.717, 4.6011, 1],
    ['Arlon', 'BE-WLX', 'Luxembourg', 49.6833, 5.8167, 1],
  ]),
  DE: places([
    ['Berlin', 'DE-BE', 'Berlin', 52.52, 13.405, 8],
    ['Hamburg', 'DE-HH', 'Hamburg', 53.5511, 9.9937, 5],
    ['München', 'DE-BY', 'Bayern', 48.1351, 11.582, 5],
    ['Nürnberg', 'DE-BY', 'Bayern', 49.4521, 11.0767, 2],
    ['Augsburg', 'DE-BY', 'Bayern', 48.3705, 10.8978, 1],
    ['Köln', 'DE-NW', 'Nordrhein-Westfalen', 50.9375, 6.9603, 4],
    ['Düsseldorf', 'DE-NW', 'Nordrhein-Westfalen', 51.2277, 6.7735, 3],
    ['Dortmund', 'DE-NW', 'Nordrhein-Westfalen', 51.5136, 7.4653, 2],
    ['Essen', 'DE-NW', 'Nordrhein-Westfalen', 51.4556, 7.0116, 2],
    ['Münster', 'DE-NW', 'Nordrhein-Westfalen', 51.9607, 7.6261, 1],
    ['Stuttgart', 'DE-BW', 'Baden-Württemberg', 48.7758, 9.1829, 3],
    ['Freiburg im Breisgau', 'DE-BW', 'Baden-Württemberg', 47.999, 7.8421, 1],
    ['Heidelberg', 'DE-BW', 'Baden-Württemberg', 49.3988, 8.6724, 1],
    ['Frankfurt am Main', 'DE-HE', 'Hessen', 50.1109, 8.6821, 3],
    ['Wiesbaden', 'DE-HE', 'Hessen', 50.0782, 8.2398, 1],
    ['Leipzig', 'DE-SN', 'Sachsen', 51.3397, 12.3731, 2],
    ['Dresden', 'DE-SN', 'Sachsen', 51.0504, 13.7373, 2],
    ['Hannover', 'DE-NI', 'Niedersachsen', 52.3759, 9.732, 2],
    ['Bremen', 'DE-HB', 'Bremen', 53.0793, 8.8017, 2],
    ['Mainz', 'DE-RP', 'Rheinland-Pfalz', 49.9929, 8.2473, 1],
    ['Kiel', 'DE-SH', 'Schleswig-Holstein', 54.3233, 10.1228, 1],
    ['Erfurt', 'DE-TH', 'Thüringen', 50.9848, 11.0299, 1],
    ['Magdeburg', 'DE-ST', 'Sachsen-Anhalt', 52.1205, 11.6276, 1],
    ['Potsdam', 'DE-BB', 'Brandenburg', 52.3906, 13.0645, 1],
    ['Rostock', 'DE-MV', 'Mecklenburg-Vorpommern', 54.0924, 12.0991, 1],
    ['Saarbrücken', 'DE-SL', 'Saarland', 49.2402, 6.9969, 1],
  ]),
  AT: places([
    ['Wien', 'AT-9', 'Wien', 48.2082, 16.3738, 6],
    ['Graz', 'AT-6', 'Steiermark', 47.0707, 15.4395, 2],
    ['Linz', 'AT-4', 'Oberösterreich', 48.3069, 14.2858, 2],
    ['Salzburg', 'AT-5', 'Salzburg', 47.8095, 13.055, 2],
    ['Innsbruck', 'AT-7', 'Tirol', 47.2692, 11.4041, 2],
    ['Klagenfurt', 'AT-2', 'Kärnten', 46.6247, 14.3053, 1],
    ['St. Pölten', 'AT-3', 'Niederösterreich', 48.2047, 15.6256, 1],
    ['Bregenz', 'AT-8', 'Vorarlberg', 47.5031, 9.7471, 1],
    ['Eisenstadt', 'AT-1', 'Burgenland', 47.8456, 16.5233, 1],
  ]),
  CH: places([
    ['Zürich', 'CH-ZH', 'Zürich', 47.3769, 8.5417, 5],
    ['Winterthur', 'CH-ZH', 'Zürich', 47.4988, 8.7237, 1],
    ['Genève', 'CH-GE', 'Genève', 46.2044, 6.1432, 3],
    ['Bern', 'CH-BE', 'Bern', 46.948, 7.4474, 3],
    ['Basel', 'CH-BS', 'Basel-Stadt', 47.5596, 7.5886, 2],
    ['Lausanne', 'CH-VD', 'Vaud', 46.5197, 6.6323, 2],
    ['Luzern', 'CH-LU', 'Luzern', 47.0502, 8.3093, 2],
    ['St. Gallen', 'CH-SG', 'St. Gallen', 47.4245, 9.3767, 1],
    ['Lugano', 'CH-TI', 'Ticino', 46.0037, 8.9511, 1],
    ['Aarau', 'CH-AG', 'Aargau', 47.3925, 8.0444, 1],
    ['Zug', 'CH-ZG', 'Zug', 47.1662, 8.5155, 1],
  ]),
  FR: places([
    ['Paris', 'FR-IDF', 'Île-de-France', 48.8566, 2.3522, 8],
    ['Versailles', 'FR-IDF', 'Île-de-France', 48.8049, 2.1204, 1],
    ['Lyon', 'FR-ARA', 'Auvergne-Rhône-Alpes', 45.764, 4.8357, 4],
    ['Grenoble', 'FR-ARA', 'Auvergne-Rhône-Alpes', 45.1885, 5.7245, 1],
    ['Marseille', 'FR-PAC', "Provence-Alpes-Côte d'Azur", 43.2965, 5.3698, 3],
    ['Nice', 'FR-PAC', "Provence-Alpes-Côte d'Azur", 43.7102, 7.262, 2],
    ['Toulouse', 'FR-OCC', 'Occitanie', 43.6047, 1.4442, 3],
    ['Montpellier', 'FR-OCC', 'Occitanie', 43.6108, 3.8767, 2],
    ['Bordeaux', 'FR-NAQ', 'Nouvelle-Aquitaine', 44.8378, -0.5792, 3],
    ['Lille', 'FR-HDF', 'Hauts-de-France', 50.6292, 3.0573, 2],
    ['Strasbourg', 'FR-GES', 'Grand Est', 48.5734, 7.7521, 2],
    ['Nantes', 'FR-PDL', 'Pays de la Loire', 47.2184, -1.5536, 2],
    ['Rennes', 'FR-BRE', 'Bretagne', 48.1173, -1.6778, 2],
    ['Rouen', 'FR-NOR', 'Normandie', 49.4432, 1.0999, 1],
    ['Dijon', 'FR-BFC', 'Bourgogne-Franche-Comté', 47.322, 5.0415, 1],
    ['Tours', 'FR-CVL', 'Centre-Val de Loire', 47.3941, 0.6848, 1],
  ]),
  IT: places([
    ['Milano', 'IT-25', 'Lombardia', 45.4642, 9.19, 5],
    ['Bergamo', 'IT-25', 'Lombardia', 45.6983, 9.6773, 1],
    ['Roma', 'IT-62', 'Lazio', 41.9028, 12.4964, 5],
    ['Napoli', 'IT-72', 'Campania', 40.8518, 14.2681, 3],
    ['Torino', 'IT-21', 'Piemonte', 45.0703, 7.6869, 3],
    ['Firenze', 'IT-52', 'Toscana', 43.7696, 11.2558, 2],
    ['Bologna', 'IT-45', 'Emilia-Romagna', 44.4949, 11.3426, 2],
    ['Venezia', 'IT-34', 'Veneto', 45.4408, 12.3155, 1],
    ['Verona', 'IT-34', 'Veneto', 45.4384, 10.9916, 2],
    ['Palermo', 'IT-82', 'Sicilia', 38.1157, 13.3615, 2],
    ['Catania', 'IT-82', 'Sicilia', 37.5079, 15.083, 1],
    ['Bari', 'IT-75', 'Puglia', 41.1171, 16.8719, 2],
    ['Genova', 'IT-42', 'Liguria', 44.4056, 8.9463, 2],
    ['Cagliari', 'IT-88', 'Sardegna', 39.2238, 9.1217, 1],
  ]),
  ES: places([
    ['Madrid', 'ES-MD', 'Comunidad de Madrid', 40.4168, -3.7038, 6],
    ['Barcelona', 'ES-CT', 'Cataluña', 41.3874, 2.1686, 5],
    ['Girona', 'ES-CT', 'Cataluña', 41.9794, 2.8214, 1],
    ['Sevilla', 'ES-AN', 'Andalucía', 37.3891, -5.9845, 3],
    ['Málaga', 'ES-AN', 'Andalucía', 36.7213, -4.4214, 2],
    ['Granada', 'ES-AN', 'Andalucía', 37.1773, -3.5986, 1],
    ['Valencia', 'ES-VC', 'Comunitat Valenciana', 39.4699, -0.3763, 3],
    ['Alicante', 'ES-VC', 'Comunitat Valenciana', 38.3452, -0.481, 1],
    ['Bilbao', 'ES-PV', 'País Vasco', 43.263, -2.935, 2],
    ['Zaragoza', 'ES-AR', 'Aragón', 41.6488, -0.8891, 2],
    ['A Coruña', 'ES-GA', 'Galicia', 43.3623, -8.4115, 1],
    ['Palma', 'ES-IB', 'Illes Balears', 39.5696, 2.6502, 1],
    ['Las Palmas de Gran Canaria', 'ES-CN', 'Canarias', 28.1235, -15.4363, 1],
    ['Murcia', 'ES-MC', 'Región de Murcia', 37.9922, -1.1307, 1],
    ['Valladolid', 'ES-CL', 'Castilla y León', 41.6523, -4.7245, 1],
    ['Oviedo', 'ES-AS', 'Asturias', 43.3619, -5.8494, 1],
  ]),
  PL: places([
    ['Warszawa', ['PL-14', 'PL-MZ'], 'Mazowieckie', 52.2297, 21.0122, 5],
    ['Kraków', ['PL-12', 'PL-MA'], 'Małopolskie', 50.0647, 19.945, 3],
    ['Łódź', ['PL-10', 'PL-LD'], 'Łódzkie', 51.7592, 19.456, 2],
    ['Wrocław', ['PL-02', 'PL-DS'], 'Dolnośląskie', 51.1079, 17.0385, 2],
    ['Poznań', ['PL-30', 'PL-WP'], 'Wielkopolskie', 52.4064, 16.9252, 2],
    ['Gdańsk', ['PL-22', 'PL-PM'], 'Pomorskie', 54.352, 18.6466, 2],
    ['Szczecin', ['PL-32', 'PL-ZP'], 'Zachodniopomorskie', 53.4285, 14.5528, 1],
    ['Katowice', ['PL-24', 'PL-SL'], 'Śląskie', 50.2649, 19.0238, 2],
    ['Lublin', ['PL-06', 'PL-LU'], 'Lubelskie', 51.2465, 22.5684, 1],
    ['Białystok', ['PL-20', 'PL-PD'], 'Podlaskie', 53.1325, 23.1688, 1],
    ['Rzeszów', ['PL-18', 'PL-PK'], 'Podkarpackie', 50.0412, 21.9991, 1],
    ['Bydgoszcz', ['PL-04', 'PL-KP'], 'Kujawsko-Pomorskie', 53.1235, 18.0084, 1],
  ]),
  GB: places([
    ['London', 'GB-ENG', 'England', 51.5074, -0.1278, 8],
    ['Manchester', 'GB-ENG', 'England', 53.4808, -2.2426, 3],
    ['Birmingham', 'GB-ENG', 'England', 52.4862, -1.8904, 3],
    ['Leeds', 'GB-ENG', 'England', 53.8008, -1.5491, 2],
    ['Bristol', 'GB-ENG', 'England', 51.4545, -2.5879, 2],
    ['Liverpool', 'GB-ENG', 'England', 53.4084, -2.9916, 2],
    ['Brighton', 'GB-ENG', 'England', 50.8225, -0.1372, 1],
    ['Newcastle upon Tyne', 'GB-ENG', 'England', 54.9783, -1.6178, 1],
    ['Edinburgh', 'GB-SCT', 'Scotland', 55.9533, -3.1883, 2],
    ['Glasgow', 'GB-SCT', 'Scotland', 55.8642, -4.2518, 2],
    ['Cardiff', 'GB-WLS', 'Wales', 51.4816, -3.1791, 2],
    ['Swansea', 'GB-WLS', 'Wales', 51.6214, -3.9436, 1],
    ['Belfast', 'GB-NIR', 'Northern Ireland', 54.5973, -5.9301, 1],
  ]),
  IE: places([
    ['Dublin', 'IE-D', 'Dublin', 53.3498, -6.2603, 6],
    ['Cork', 'IE-CO', 'Cork', 51.8985, -8.4756, 2],
    ['Galway', 'IE-G', 'Galway', 53.2707, -9.0568, 2],
    ['Limerick', 'IE-LK', 'Limerick', 52.6638, -8.6267, 1],
    ['Waterford', 'IE-WD', 'Waterford', 52.2593, -7.1101, 1],
    ['Killarney', 'IE-KY', 'Kerry', 52.0599, -9.5044, 1],
    ['Drogheda', 'IE-LH', 'Louth', 53.7179, -6.3561, 1],
    ['Kilkenny', 'IE-KK', 'Kilkenny', 52.6541, -7.2448, 1],
    ['Sligo', 'IE-SO', 'Sligo', 54.2766, -8.4761, 1],
  ]),
  US: places([
    ['New York', 'US-NY', 'New York', 40.7128, -74.006, 5],
    ['Los Angeles', 'US-CA', 'California', 34.0522, -118.2437, 4],
    ['San Francisco', 'US-CA', 'California', 37.7749, -122.4194, 2],
    ['San Diego', 'US-CA', 'California', 32.7157, -117.1611, 1],
    ['Houston', 'US-TX', 'Texas', 29.7604, -95.3698, 2],
    ['Austin', 'US-TX', 'Texas', 30.2672, -97.7431, 2],
    ['Miami', 'US-FL', 'Florida', 25.7617, -80.1918, 2],
    ['Orlando', 'US-FL', 'Florida', 28.5384, -81.3789, 1],
    ['Chicago', 'US-IL', 'Illinois', 41.8781, -87.6298, 3],
    ['Seattle', 'US-WA', 'Washington', 47.6062, -122.3321, 2],
    ['Boston', 'US-MA', 'Massachusetts', 42.3601, -71.0589, 2],
    ['Denver', 'US-CO', 'Colorado', 39.7392, -104.9903, 2],
    ['Atlanta', 'US-GA', 'Georgia', 33.749, -84.388, 2],
    ['Phoenix', 'US-AZ', 'Arizona', 33.4484, -112.074, 2],
    ['Philadelphia', 'US-PA', 'Pennsylvania', 39.9526, -75.1652, 2],
    ['Portland', 'US-OR', 'Oregon', 45.5152, -122.6784, 1],
    ['Charlotte', 'US-NC', 'North Carolina', 35.2271, -80.8431, 1],
    ['Minneapolis', 'US-MN', 'Minnesota', 44.9778, -93.265, 1],
    ['Nashville', 'US-TN', 'Tennessee', 36.1627, -86.7816, 1],
  ]),
  CA: places([
    ['Toronto', 'CA-ON', 'Ontario', 43.6532, -79.3832, 5],
    ['Ottawa', 'CA-ON', 'Ontario', 45.4215, -75.6972, 2],
    ['Montréal', 'CA-QC', 'Québec', 45.5019, -73.5674, 4],
    ['Québec', 'CA-QC', 'Québec', 46.8139, -71.208, 1],
    ['Vancouver', 'CA-BC', 'British Columbia', 49.2827, -123.1207, 3],
    ['Victoria', 'CA-BC', 'British Columbia', 48.4284, -123.3656, 1],
    ['Calgary', 'CA-AB', 'Alberta', 51.0447, -114.0719, 2],
    ['Edmonton', 'CA-AB', 'Alberta', 53.5461, -113.4938, 2],
    ['Winnipeg', 'CA-MB', 'Manitoba', 49.8951, -97.1384, 1],
    ['Halifax', 'CA-NS', 'Nova Scotia', 44.6488, -63.5752, 1],
    ['Saskatoon', 'CA-SK', 'Saskatchewan', 52.1332, -106.67, 1],
  ]),
  AU: places([
    ['Sydney', 'AU-NSW', 'New South Wales', -33.8688, 151.2093, 5],
    ['Newcastle', 'AU-NSW', 'New South Wales', -32.9283, 151.7817, 1],
    ['Melbourne', 'AU-VIC', 'Victoria', -37.8136, 144.9631, 5],
    ['Brisbane', 'AU-QLD', 'Queensland', -27.4698, 153.0251, 3],
    ['Gold Coast', 'AU-QLD', 'Queensland', -28.0167, 153.4, 1],
    ['Perth', 'AU-WA', 'Western Australia', -31.9505, 115.8605, 2],
    ['Adelaide', 'AU-SA', 'South Australia', -34.9285, 138.6007, 2],
    ['Hobart', 'AU-TAS', 'Tasmania', -42.8821, 147.3272, 1],
    ['Canberra', 'AU-ACT', 'Australian Capital Territory', -35.2809, 149.13, 1],
    ['Darwin', 'AU-NT', 'Northern Territory', -12.4634, 130.8456, 1],
  ]),
  NZ: places([
    ['Auckland', 'NZ-AUK', 'Auckland', -36.8485, 174.7633, 5],
    ['Wellington', 'NZ-WGN', 'Wellington', -41.2866, 174.7756, 2],
    ['Christchurch', 'NZ-CAN', 'Canterbury', -43.5321, 172.6362, 2],
    ['Hamilton', 'NZ-WKO', 'Waikato', -37.787, 175.2793, 1],
    ['Dunedin', 'NZ-OTA', 'Otago', -45.8788, 170.5028, 1],
    ['Tauranga', 'NZ-BOP', 'Bay of Plenty', -37.6878, 176.1651, 1],
    ['Palmerston North', 'NZ-MWT', 'Manawatū-Whanganui', -40.3523, 175.6082, 1],
    ['Napier', 'NZ-HKB', "Hawke's Bay", -39.4928, 176.912, 1],
    ['Nelson', 'NZ-NSN', 'Nelson', -41.2706, 173.284, 1],
  ]),
};

/** A row of the regions table, as far as the seed needs it. */
export interface RegionRow {
  id: number;
  country: string;
  code: string;
  name: string;
}

/** Lowercase, accents and punctuation removed: 'Île-de-France' and 'ile de france' compare equal. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** A place together with the regions-table row it belongs to, or null when the table has none. */
export interface ResolvedPlace {
  place: Place;
  regionId: number | null;
}

/**
 * The places of `country` matched to the rows of the regions table, by code and then by name.
 * When the table has rows for the country, only places in one of those rows are returned, so
 * every member there gets a region; when it has none, every place comes back with no region.
 */
export function resolvePlaces(country: Country, rows: readonly RegionRow[]): ResolvedPlace[] {
  const ofCountry = rows.filter((row) => row.country.toUpperCase() === country);
  const all = PLACES[country];
  if (ofCountry.length === 0) return all.map((place) => ({ place, regionId: null }));
  const byCode = new Map(ofCountry.map((row) => [row.code.toUpperCase(), row.id]));
  const byName = new Map(ofCountry.map((row) => [normalizeName(row.name), row.id]));
  const resolved: ResolvedPlace[] = [];
  for (const place of all) {
    const regionId =
      place.regionCodes.map((code) => byCode.get(code.toUpperCase())).find((id) => id !== undefined) ??
      byName.get(normalizeName(place.regionName));
    if (regionId !== undefined) resolved.push({ place, regionId });
  }
  return resolved;
}
