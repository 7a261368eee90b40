import { REQUEST_TYPE_HEADER, REQUEST_TYPE_VALUE } from '@app/shared';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { retryDelay, shouldRetry } from './rules';
import type * as SchemaModule from './schemas';

type Schemas = typeof SchemaModule;

/** Name of a shared response schema (see lib/schemas.ts). */
export type SchemaName = Exclude<keyof Schemas, 'ErrorResponseSchema'>;

/** The type of the answer a schema validates. */
export type SchemaOutput<N extends SchemaName> = ReturnType<Schemas[N]['parse']>;

function loadSchemas(): Promise<Schemas> {
  return import('./schemas');
}

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
}

/** The session endpoint answers 403 for visitors by design, so it never triggers a logout. */
function isUserEndpoint(path: string): boolean {
  return path.split('?')[0] === '/api/user.php';
}

/** Logs the member out locally; the app's auth watcher then leaves members-only pages. */
function handleAuthenticationRequired(): void {
  queryClient.setQueryData(queryKeys.user, { user: null });
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

async function toApiError(response: Response): Promise<ApiError> {
  const { ErrorResponseSchema } = await loadSchemas();
  const parsed = ErrorResponseSchema.safeParse(await readJson(response));
  if (parsed.success) {
    return new ApiError(response.status, parsed.data.error, parsed.data.message, parsed.data.fields);
  }
  return new ApiError(response.status, 'http_error', response.statusText || `HTTP ${response.status}`);
}

/**
 * Sends a request: JSON in and out, same-origin cookies, the request-type header on every
 * call, retries per lib/rules.ts, and a local logout on 403 authentication_required (spec
 * section 8). Answers the parsed JSON body, or null for an empty one.
 */
async function send(path: string, options: RequestOptions): Promise<{ data: unknown; status: number }> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', [REQUEST_TYPE_HEADER]: REQUEST_TYPE_VALUE };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  };

  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(path, init);
    } catch (cause) {
      if (signal?.aborted) throw cause;
      if (shouldRetry({ method, status: null, attempt })) {
        await wait(retryDelay(attempt), signal);
        continue;
      }
      throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
    }

    if (!response.ok) {
      if (shouldRetry({ method, status: response.status, attempt })) {
        await wait(retryDelay(attempt), signal);
        continue;
      }
      const error = await toApiError(response);
      if (error.status === 403 && error.error === 'authentication_required' && !isUserEndpoint(path)) {
        handleAuthenticationRequired();
      }
      throw error;
    }

    return { data: await readJson(response), status: response.status };
  }
}

/** Calls the API and validates the answer with the named shared schema. */
export async function apiRequest<N extends SchemaName>(
  path: string,
  schema: N,
  options: RequestOptions = {},
): Promise<SchemaOutput<N>> {
  // The schemas load in parallel with the request (see lib/schemas.ts).
  const [schemas, { data, status }] = await Promise.all([loadSchemas(), send(path, options)]);
  const result = schemas[schema].safeParse(data);
  if (!result.success) {
    throw new ApiError(status, 'invalid_response', `Unexpected answer from ${path.split('?')[0]}`);
  }
  return result.data as SchemaOutput<N>;
}

/** Calls the API for its effect; the answer's body is not needed. */
export async function apiCommand(path: string, options: RequestOptions = {}): Promise<void> {
  await send(path, options);
}
