import type { vi } from 'vitest';
import type { MemberProfile, Photo, ProfileCard } from '../api/contract';
import { jsonResponse } from '../../../testing/api';

// Shared by every feature's tests; re-exported so a test imports its stubs from one place.
export { ALL_FIELDS_SETTINGS } from '../../../testing/factories';
export { jsonResponse };

/** A photo as the API answers it, with URLs ready for img src. */
export function buildPhoto(id: number, position: number): Photo {
  return {
    id,
    position,
    is_main: position === 0,
    filename: `/media/photos/${id}.webp`,
    thumb_filename: `/media/photos/${id}-thumb.webp`,
    match: `/media/photos/${id}-match.webp`,
  };
}

/** A profile card as lists answer it, with overrides. */
export function buildCard(overrides: Partial<ProfileCard> = {}): ProfileCard {
  return {
    id: 21,
    name: 'Lotte',
    age: 31,
    city: 'Utrecht',
    region_id: null,
    country: 'NL',
    thumb: '/media/photos/210-thumb.webp',
    match: '/media/photos/210-match.webp',
    fictional: false,
    online: false,
    recently_active: false,
    ...overrides,
  };
}

/** Another member's profile as GET /api/member.php answers it to a free viewer, with overrides. */
export function buildMember(overrides: Partial<MemberProfile> = {}): MemberProfile {
  return {
    ...buildCard({ id: 12, name: 'Eva', age: 34, city: 'Haarlem', online: true, recently_active: true }),
    gender: 'female',
    sexuality: 'hetero',
    about: 'Dol op zeilen en lange zondagen.',
    hair_color: 'red',
    eye_color: 'green',
    body_type: null,
    relationship_status: 'single',
    tattoos: null,
    reason: 'relationship',
    interests: [1, 3],
    photos: [buildPhoto(120, 0), buildPhoto(121, 1)],
    locked_photos: 0,
    blocked_by_me: false,
    related: [],
    ...overrides,
  };
}

/** GET /api/interests.php as seeded. */
export const INTERESTS = {
  interests: [
    { id: 1, key: 'adventure', icon: 'adventure' },
    { id: 2, key: 'music', icon: 'music' },
    { id: 3, key: 'travelling', icon: 'travelling' },
  ],
};

export type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;
type Handler = (body: unknown, url: URL) => Response;

/** Answers each "METHOD path" with its handler, like the server's contract; anything else is a 404. */
export function serve(fetchMock: FetchMock, handlers: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    return handler ? handler(body, url) : jsonResponse(404, { error: 'not_found', message: 'Niet gevonden' });
  });
}

/** The state-changing calls made, in order. */
export function commands(fetchMock: FetchMock) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') !== 'GET')
    .map(([path, init]) => ({
      path: String(path),
      method: init?.method,
      body: JSON.parse(String(init?.body)) as unknown,
    }));
}
