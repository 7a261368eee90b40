import { ApiError } from '../../lib/api';

/**
 * The text for a failed payments call: the API's own message (translated by the server), or
 * `generic` when the server never answered with the API's error shape.
 */
export function failureText(error: unknown, generic: string): string {
  return error instanceof ApiError && error.status > 0 && error.error !== 'http_error' ? error.message : generic;
}

/** A validation failure's text for one field, or null. */
export function fieldError(error: unknown, field: string): string | null {
  return error instanceof ApiError && error.error === 'validation_failed' ? (error.fields[field] ?? null) : null;
}

/** The API's error code of a failure, or null. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.error : null;
}
