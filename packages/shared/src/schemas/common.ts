import { z } from 'zod';

/** The body of every failed API call: a stable snake_case code and a translated message. */
export const ErrorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Stable error codes the API answers with. Later modules add theirs here. */
export const ERROR_CODES = [
  'authentication_required',
  'request_type_required',
  'validation_failed',
  'not_found',
  'rate_limited',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** `{ ok: true }` for calls that answer nothing else. */
export const OkResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponseSchema>;
