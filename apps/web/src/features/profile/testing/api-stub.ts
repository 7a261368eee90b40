import type { User } from '@app/shared';
import { vi } from 'vitest';
import type { OwnProfile, Photo } from '../api/contract';
import { jsonResponse } from '../../../testing/api';

// Shared by every feature's tests; re-exported so a test imports its stubs from one place.
export { ALL_FIELDS_SETTINGS } from '../../../testing/factories';
export { jsonResponse };

/** A photo as the API answers it, with URLs ready for img src. */
export function buildPhoto(id: number, position: number, isMain = position === 0): Photo {
  return {
    id,
    position,
    is_main: isMain,
    filename: `/media/photos/${id}.webp`,
    thumb_filename: `/media/photos/${id}-thumb.webp`,
    match: `/media/photos/${id}-match.webp`,
  };
}

/** The member's own profile as GET /api/profile.php answers it, with overrides. */
export function buildProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 7,
    name: 'Sanne',
    gender: 'female',
    sexuality: 'hetero',
    birth_date: '1990-05-01',
    age: 36,
    about: 'Ik hou van wandelen.',
    country: 'NL',
    region_id: null,
    city: null,
    latitude: null,
    longitude: null,
    hair_color: 'blond',
    eye_color: null,
    body_type: null,
    relationship_status: 'single',
    tattoos: null,
    reason: null,
    interests: [2],
    photos: [],
    photo_limit: 3,
    status: 'active',
    ...overrides,
  };
}

export const INTERESTS = {
  interests: [
    { id: 1, key: 'adventure', icon: 'adventure' },
    { id: 2, key: 'music', icon: 'music' },
    { id: 3, key: 'wine', icon: 'wine' },
  ],
};

export const REGIONS = {
  regions: {
    NL: {
      kind: 'province',
      regions: [
        { id: 4, country: 'NL', code: 'NL-NH', name: 'Noord-Holland' },
        { id: 5, country: 'NL', code: 'NL-UT', name: 'Utrecht' },
      ],
    },
    BE: { kind: 'province', regions: [{ id: 20, country: 'BE', code: 'BE-VAN', name: 'Antwerpen' }] },
  },
};

/** One API call the stub saw: method, path with query, and the body as sent. */
export interface SeenCall {
  method: string;
  url: URL;
  body: BodyInit | null | undefined;
}

type Answer = Response | ((call: SeenCall) => Response);

/**
 * A fetch stub answering like the server by 'METHOD /path'; the reference data and the session
 * answer by default. Unknown calls answer 404, so a test sees them fail.
 */
export function stubApi(user: User, answers: Record<string, Answer>) {
  const calls: SeenCall[] = [];
  const defaults: Record<string, Answer> = {
    'GET /api/interests.php': () => jsonResponse(200, INTERESTS),
    'GET /api/regions.php': () => jsonResponse(200, REGIONS),
    'GET /api/user.php': () => jsonResponse(200, { user }),
    'GET /api/verification.php': () =>
      jsonResponse(200, { verification: { status: 'none', pose: 'peace_sign', reason: null } }),
  };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: SeenCall = { method, url, body: init?.body };
    calls.push(call);
    const answer = answers[`${method} ${url.pathname}`] ?? defaults[`${method} ${url.pathname}`];
    if (!answer) return jsonResponse(404, { error: 'not_found', message: 'Niet gevonden' });
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The JSON bodies sent with `method path`, in order. */
  const sent = (method: string, path: string): unknown[] =>
    calls
      .filter((call) => call.method === method && call.url.pathname === path)
      .map((call) => (typeof call.body === 'string' ? JSON.parse(call.body) : call.body));
  return { fetchMock, calls, sent };
}
