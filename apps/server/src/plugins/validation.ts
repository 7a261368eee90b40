import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldProblemsOf, isCleanText, type FieldProblem } from '@app/shared';

/** The zod issues of a request that failed its route's schema; the error handler words them. */
export class RequestValidationError extends Error {
  validationContext?: string;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * Validates requests with the route's zod schemas (like fastify-type-provider-zod's, which we
 * keep for serialising and OpenAPI), but keeps each issue's input, so a missing field can be
 * told from a wrong one.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const unfit = unfitInput(data, [], 0);
    if (unfit) return { error: new RequestValidationError([unfit]) };
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
  };

/**
 * The response serializer of the hot read routes (route option `serializerCompiler`): a 200
 * answer is written with JSON.stringify as the handler returns it, without the zod parse the
 * app's serializer runs first, which re-checks and copies the whole answer (about a twentieth
 * of a chat list's CPU). Those answers come from one presenter typed by the schema; the
 * routes' tests check every answer they get against the schema, extra fields included
 * (`expectSchemaAnswer`). Other statuses keep the checking serializer.
 */
export function presentedAnswerSerializer<S>(
  route: Parameters<FastifySerializerCompiler<S>>[0],
): (data: unknown) => string {
  if (route.httpStatus === '200') return (data) => JSON.stringify(data);
  // fastify types the option by the route's whole schema; what it passes is the status's zod schema.
  return serializerCompiler(route as unknown as Parameters<typeof serializerCompiler>[0]);
}

/** Deepest nesting of arrays and objects a request may send; the API's own go three levels deep. */
export const MAX_INPUT_DEPTH = 16;

/**
 * The first thing in a parsed body, query or params that no schema should have to refuse one
 * by one: a NUL or lone surrogate in any string or object key (PostgreSQL cannot store NUL, a
 * lone surrogate is half a character; a key of a record or of a free-form object would reach
 * the database or a log unchecked otherwise), or nesting deeper than MAX_INPUT_DEPTH (a deep
 * enough body would exhaust the stack of whatever walks it next). The text() schemas refuse
 * the same characters with the same key; this keeps the rule for a schema that forgets.
 */
function unfitInput(value: unknown, path: PropertyKey[], depth: number): z.core.$ZodIssue | null {
  if (typeof value === 'string') {
    return isCleanText(value) ? null : { code: 'custom', path, message: 'field_invalid_characters', input: value };
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_INPUT_DEPTH) return { code: 'custom', path, message: 'field_invalid', input: undefined };
  const entries: Array<[PropertyKey, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && !isCleanText(key)) {
      return { code: 'custom', path, message: 'field_invalid_characters', input: key };
    }
    const issue = unfitInput(item, [...path, key], depth + 1);
    if (issue) return issue;
  }
  return null;
}

/**
 * One problem per field, keyed by its dotted path (`address.zip`); a problem with the whole
 * body or query is keyed by that part's name.
 */
export function fieldProblems(error: RequestValidationError): Record<string, FieldProblem> {
  return fieldProblemsOf(error.issues, error.validationContext || 'body');
}
