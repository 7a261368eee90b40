import {
  IDEMPOTENCY_KEY_HEADER,
  isLocale,
  REQUEST_TYPE_HEADER,
  REQUEST_TYPE_VALUE,
  type ErrorResponse,
  type UserResponse,
} from '@app/shared';
import { queryClient } from './query-client';
import { queryKeys } from '../data/query-keys';
import { retryDelay, shouldRetry } from './rules';

/** A failed API call: the HTTP status and the API's error body (spec section 8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server never answered. */
    readonly status: number,
    /** Stable snake_case code, e.g. authentication_required. */
    readonly error: string,
    message: string,
    /** Per-field messages of a validation failure. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Names one action (a message send) across all its attempts, made with newIdempotencyKey
   * when the member acts: sent as the Idempotency-Key header, and lets a POST be retried.
   */
  idempotencyKey?: string;
}

/**
 * A new idempotency key: 32 random hex digits. getRandomValues, unlike randomUUID, works on
 * plain-HTTP hosts too (a phone testing the dev server over the network).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The session endpoint answers 403 for visitors by design, so it never triggers a logout. */
function isUserEndpoint(path: string): boolean {
  return path.split('?')[0] === '/api/user.php';
}

/** Logs the member out locally; the app's auth watcher then leaves members-only pages. */
function handleAuthenticationRequired(): void {
  queryClient.setQueryData(queryKeys.user, { user: null });
}

/** How many GET answers are remembered for revalidation; the polls and open pages need few. */
const MAX_REMEMBERED = 50;

/**
 * The last answer and ETag of each GET the browser may not store (Cache-Control: no-store:
 * members' data), in memory only, by URL. The next GET of the URL names the tag, and a 304
 * answers the remembered body: the same object, so TanStack Query sees unchanged data. The
 * browser's own cache revalidates everything else. The server's tag names the body only, so an
 * answer kept across a change of member is at worst revalidated as the identical data.
 */
const remembered = new Map<string, { etag: string; data: unknown }>();
/** The member the remembered answers belong to; another member (or none) forgets them. */
let rememberedFor: number | null = null;

/** Forgets the remembered answers when the member of the user query changed since they were kept. */
function forgetOtherMembers(): void {
  const memberId = queryClient.getQueryData<UserResponse>(queryKeys.user)?.user?.profile.id ?? null;
  if (memberId === rememberedFor) return;
  rememberedFor = memberId;
  remembered.clear();
}

function remember(path: string, response: Response, data: unknown): void {
  remembered.delete(path);
  const etag = response.headers.get('etag');
  if (!etag || !response.headers.get('cache-control')?.includes('no-store')) return;
  // A full store starts over: the polls and the open pages fill it again in a minute.
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(path, { etag, data });
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Whether a body has the API's error shape; anything else (a proxy's page) is a plain HTTP error. */
function isErrorResponse(body: unknown): body is ErrorResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { error, message, fields } = body as Record<string, unknown>;
  return (
    typeof error === 'string' &&
    typeof message === 'string' &&
    (fields === undefined || (typeof fields === 'object' && fields !== null))
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  if (isErrorResponse(body)) return new ApiError(response.status, body.error, body.message, body.fields);
  return new ApiError(response.status, 'http_error', response.statusText || `HTTP ${response.status}`);
}

/**
 * Sends a request: JSON in (or FormData for uploads) and JSON out, same-origin cookies, the request-type header on every
 * call, retries per lib/rules.ts, and a local logout on 403 authentication_required (spec
 * section 8). Answers the parsed JSON body, or null for an empty one.
 */
async function send(path: string, options: RequestOptions): Promise<{ data: unknown; status: number }> {
  const { method = 'GET', body, signal, idempotencyKey } = options;
  const headers: Record<string, string> = { Accept: 'application/json', [REQUEST_TYPE_HEADER]: REQUEST_TYPE_VALUE };
  const keyed = idempotencyKey !== undefined;
  if (keyed) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  forgetOtherMembers();
  const known = method === 'GET' ? remembered.get(path) : undefined;
  if (known) headers['If-None-Match'] = known.etag;
  // The server words its messages in the language the page shows, not the browser's preference.
  const language = document.documentElement.lang;
  if (isLocale(language)) headers['Accept-Language'] = language;
  // A FormData body (a photo upload) goes as multipart; the browser sets its boundary itself.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const init: RequestInit = {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    signal,
  };

  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(path, init);
    } catch (cause) {
      if (signal?.aborted) throw cause;
      if (shouldRetry({ method, status: null, attempt, keyed })) {
        await wait(retryDelay(attempt), signal);
        continue;
      }
      throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
    }

    if (response.status === 304 && known) return { data: known.data, status: 200 };

    if (!response.ok) {
      if (shouldRetry({ method, status: response.status, attempt, keyed })) {
        await wait(retryDelay(attempt), signal);
        continue;
      }
      const error = await toApiError(response);
      if (error.status === 403 && error.error === 'authentication_required' && !isUserEndpoint(path)) {
        handleAuthenticationRequired();
      }
      throw error;
    }

    const data = await readJson(response);
    if (method === 'GET') remember(path, response, data);
    return { data, status: response.status };
  }
}

/**
 * Calls the API and answers its body, typed by the shared schema's inferred type. The server
 * serialises every answer through that same zod schema, so the client trusts the contract
 * rather than shipping zod (about 26 KB gzip) to every first load to check it again.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { data } = await send(path, options);
  return data as T;
}

/** Calls the API for its effect; the answer's body is not needed. */
export async function apiCommand(path: string, options: RequestOptions = {}): Promise<void> {
  await send(path, options);
}
