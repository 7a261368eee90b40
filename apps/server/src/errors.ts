import type { ErrorCode, FieldProblem, MessageParams } from '@app/shared';

export type { FieldProblem, MessageParams } from '@app/shared';

/**
 * An error the API answers deliberately: a status, a stable snake_case code the client may
 * branch on, and optionally per-field problems. Anything else thrown is a 500 and is logged.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly fields?: Record<string, FieldProblem>,
    readonly params?: MessageParams,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** Narrows anything thrown to an AppError. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** 404: the thing asked for does not exist (or the caller may not know it does). */
export const notFound = () => new AppError(404, 'not_found');

/** 403 with authentication_required: the client logs out on it (spec section 8). */
export const authenticationRequired = () => new AppError(403, 'authentication_required');

/** 403: a state-changing call without the client's request-type header (cross-site defence). */
export const requestTypeRequired = () => new AppError(403, 'request_type_required');

/** 400 with a problem per field. */
export const validationFailed = (fields: Record<string, FieldProblem>) =>
  new AppError(400, 'validation_failed', fields);

/** 400: a request the server cannot read at all (malformed JSON, bad encoding). */
export const badRequest = () => new AppError(400, 'bad_request');

/** 413: body over the size limit. */
export const payloadTooLarge = () => new AppError(413, 'payload_too_large');

/** 415: a content type the route does not accept. */
export const unsupportedMediaType = () => new AppError(415, 'unsupported_media_type');

/** 429: too many requests from this client. */
export const rateLimited = () => new AppError(429, 'rate_limited');

/** 500: used when something unexpected was thrown; the details stay in the log. */
export const internalError = () => new AppError(500, 'internal_error');
