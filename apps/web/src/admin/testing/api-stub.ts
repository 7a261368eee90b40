import { afterEach, beforeEach, vi } from 'vitest';
import { appRoutes } from '../../app/router';
import { queryClient } from '../../lib/query-client';
import { jsonResponse } from '../../testing/api';
import { buildSettings } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import type {
  AdminMemberDetail,
  AdminSite,
  DashboardResponse,
  InboxThreadResponse,
  StaffMe,
  StoredSettings,
} from '../api/contract';

export { jsonResponse };

export type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;
type Body = Record<string, unknown> | undefined;
type Handler = (body: Body, url: URL) => Response | Promise<Response>;

function bodyOf(init: RequestInit | undefined): Body {
  return init?.body ? (JSON.parse(String(init.body)) as Body) : undefined;
}

/** The app rendered at a path, as a console test opens a screen. */
export const openConsole = (path: string) => renderWithApp(appRoutes(queryClient), { path });

/**
 * A console test file's stand-in for the API over fetch: installed before each test, and reset
 * after it with the query cache, so no answer or cached data leaks into the next test.
 */
export function stubConsoleFetch(): FetchMock {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    queryClient.clear();
  });
  return fetchMock;
}

/** The console API's answer without a verified staff session. */
export const staffAuthRequired = () =>
  jsonResponse(403, { error: 'staff_authentication_required', message: 'Log eerst in als medewerker' });

/** Answers each "METHOD path" with its handler, like the server's contract; anything else is a 404. */
export function serve(fetchMock: FetchMock, handlers: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(bodyOf(init), url) : jsonResponse(404, { error: 'not_found', message: 'Niet gevonden' });
  });
}

/** The state-changing calls made, in order, with their bodies. */
export function commands(fetchMock: FetchMock) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') !== 'GET')
    .map(([path, init]) => ({ path: String(path), method: init?.method, body: bodyOf(init) }));
}

export function buildStaff(overrides: Partial<StaffMe> = {}): StaffMe {
  return { id: 1, email: 'anna@amoria.example', name: 'Anna', role: 'admin', ...overrides };
}

export function buildDashboard(): DashboardResponse {
  const days = ['2025-01-01', '2025-01-02', '2025-01-03'].map((day, i) => ({
    day,
    signups: 10 + i,
    active_members: 100 + i * 5,
    messages: 300 + i * 10,
    orders: 3 + i,
    first_purchases: 1 + i,
    revenue: { EUR: 1999 * (i + 1) },
  }));
  return {
    days,
    totals: {
      members: 1234,
      premium_members: 56,
      open_reports: 3,
      open_complaints: 2,
      held_content: 4,
      inbox_waiting: 7,
    },
  };
}

export function buildMemberDetail(overrides: Partial<AdminMemberDetail> = {}): AdminMemberDetail {
  return {
    id: 7,
    email: 'piet@example.com',
    name: 'Piet',
    country: 'NL',
    domain: 'amoria.example',
    status: 'confirmed',
    moderation: 'active',
    fictional: false,
    paid_user: true,
    credits: 40,
    signup_date: '2025-01-01T10:00:00Z',
    thumb_url: null,
    language: 'nl',
    ban_reason: null,
    shadow_ban_reason: null,
    deleted_at: null,
    last_active_at: '2025-02-01T10:00:00Z',
    profile: {
      gender: 'male',
      sexuality: 'straight',
      birth_date: '1990-05-01',
      city: 'Utrecht',
      about: 'Hoi!',
      about_held: null,
      status: 'active',
    },
    photos: [],
    orders: [],
    ledger: [],
    reports_against: [],
    complaints: [],
    ...overrides,
  };
}

/**
 * Stored settings as a site has them: the member settings without the per-request fields, the
 * members' texts in Dutch only.
 */
export function buildStoredSettings(): StoredSettings {
  const {
    domain: _domain,
    geoip_country: _geoip,
    geoip_selected_country: _selected,
    push_public_key: _push,
    interests: _interests,
    region_kinds: _regions,
    ...stored
  } = buildSettings();
  return {
    ...stored,
    index_title: { nl: stored.index_title },
    fictional_warning: { nl: stored.fictional_warning },
    fictional_singular: { nl: stored.fictional_singular },
    fictional_plural: { nl: stored.fictional_plural },
  };
}

export function buildSite(overrides: Partial<AdminSite> = {}): AdminSite {
  return {
    id: 1,
    domain: 'amoria.example',
    is_default: true,
    company_name: 'Amoria BV',
    settings: buildStoredSettings(),
    updated_at: '2025-01-01T10:00:00Z',
    ...overrides,
  };
}

export function buildThread(overrides: Partial<InboxThreadResponse> = {}): InboxThreadResponse {
  return {
    conversation_id: 5,
    fictional: {
      id: 90,
      name: 'Eva',
      thumb_url: null,
      country: 'NL',
      city: 'Amsterdam',
      age: 29,
      about: 'Siteprofiel',
    },
    member: {
      id: 7,
      name: 'Piet',
      thumb_url: null,
      country: 'NL',
      city: 'Utrecht',
      age: 34,
      about: 'Hoi!',
      gender: 'male',
      signup_date: '2025-01-01T10:00:00Z',
      paid_user: true,
      credits: 40,
    },
    messages: [
      {
        id: 100,
        from_fictional: false,
        kind: 'text',
        body: 'Hoi Eva, hoe gaat het?',
        gift_key: null,
        gift_name: null,
        image_url: null,
        created_at: '2025-02-01T10:00:00Z',
        staff_name: null,
      },
    ],
    ...overrides,
  };
}
