import { ApiError } from '../../lib/api';

/** A validation failure's text for one field, or null. */
export function fieldError(error: unknown, field: string): string | null {
  return error instanceof ApiError && error.error === 'validation_failed' ? (error.fields[field] ?? null) : null;
}

/** The API's error code of a failure, or null. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.error : null;
}
