import type { vi } from 'vitest';

/** A JSON answer as the API gives it, for fetch stubs. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;
/** A request body: parsed JSON, or the fields of a multipart upload. */
type Body = Record<string, unknown> | undefined;
/** An answer, or one still to come (a call held open while the test looks at the page). */
type Handler = (body: Body, url: URL) => Response | Promise<Response>;

function bodyOf(init: RequestInit | undefined): Body {
  if (init?.body instanceof FormData) return Object.fromEntries(init.body.entries());
  return init?.body ? (JSON.parse(String(init.body)) as Body) : undefined;
}

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

/** The GET calls made to a path, with their query strings. */
export function reads(fetchMock: FetchMock, path: string): string[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === 'GET' && String(input).split('?')[0] === path)
    .map(([input]) => String(input));
}
