import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorResponseSchema, type ErrorResponse, type Locale } from '@app/shared';
import type { AppError } from '../errors.js';
import {
  badRequest,
  internalError,
  isAppError,
  notFound,
  payloadTooLarge,
  rateLimited,
  unsupportedMediaType,
  validationFailed,
} from '../errors.js';
import { hasMessage, requestLocale, translate } from './i18n.js';
import { RequestValidationError, fieldProblems } from './validation.js';

/** Answers a GET for a path outside /api and /media: the web app's page (200 or 404). */
/** The response schemas of a route's error statuses: every one answers the error contract. */
export const errorResponses = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorResponseSchema]));

export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => unknown;

export interface ErrorsPluginOptions {
  pageFallback: PageFallback;
}

function toAppError(error: unknown): AppError | null {
  if (isAppError(error)) return error;
  if (error instanceof RequestValidationError) return validationFailed(fieldProblems(error));
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  // Fastify's own client errors: unreadable JSON, empty JSON body, unknown content type, size.
  if (status === 404) return notFound();
  if (status === 413) return payloadTooLarge();
  if (status === 415) return unsupportedMediaType();
  if (status === 429) return rateLimited();
  return badRequest();
}

/** The API's error body, worded in the request's language. */
export function errorBody(error: AppError, locale: Locale): ErrorResponse {
  const body: ErrorResponse = { error: error.code, message: translate(locale, error.code, error.params) };
  if (error.fields) {
    body.fields = {};
    for (const [field, problem] of Object.entries(error.fields)) {
      const { key, params } = typeof problem === 'string' ? { key: problem, params: undefined } : problem;
      body.fields[field] = translate(locale, hasMessage(key) ? key : 'field_invalid', params);
    }
  }
  return body;
}

/**
 * The one error handler of the app: AppErrors and client errors become
 * `{ error, message, fields? }` in the member's language (a deliberate 5xx AppError too, such as
 * 502 refund_failed); anything else is logged with its details and answered as a bare 500
 * internal_error, so internals never leak. Also the 404s:
 * JSON for the API, the web app's page for other GETs.
 */
export const errorsPlugin = fp<ErrorsPluginOptions>(
  async (app, opts) => {
    app.setErrorHandler((error, request, reply) => {
      let appError = toAppError(error);
      if (!appError) {
        request.log.error({ err: error }, 'request failed');
        appError = internalError();
      } else if (appError.statusCode >= 500) {
        // A deliberate 5xx (a provider that refused, 502): its code and text are ours, nothing leaks.
        request.log.error({ code: appError.code, status: appError.statusCode }, 'request failed');
      } else {
        request.log.debug({ code: appError.code, status: appError.statusCode }, 'request refused');
      }
      return reply.code(appError.statusCode).send(errorBody(appError, requestLocale(request)));
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|media)(\/|$)/.test(path);
      if (isPage) return opts.pageFallback(request, reply);
      return reply.code(404).send(errorBody(notFound(), requestLocale(request)));
    });
  },
  { name: 'errors' },
);
