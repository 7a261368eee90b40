import { fieldProblemsOf } from '@app/shared';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { problemText, type FieldMessages } from './problem-text';

/** The field name a problem with the whole form (a refine without a path) is shown under. */
export const WHOLE_FORM = 'root.form';

/** How a schema resolver reads the form (see useAppForm's options of the same names). */
export interface SchemaResolverOptions<TValues> {
  messages?: FieldMessages | undefined;
  toRequest?: ((values: TValues) => unknown) | undefined;
  keepBlanks?: boolean | undefined;
  check?: ((values: TValues) => Record<string, string>) | undefined;
  fieldOf?: ((path: string) => string) | undefined;
}

/**
 * A react-hook-form resolver from one of the shared zod schemas: the request the form sends is
 * checked by the schema the server checks it with, and each problem is worded by the one rule
 * (fieldProblem in packages/shared) the server words it by. A form's own check adds the problems
 * the schema cannot see, on fields the schema found nothing wrong with.
 */
export function schemaResolver<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, unknown>,
  {
    messages = {},
    toRequest = (values) => values,
    keepBlanks = false,
    check,
    fieldOf = (path) => path,
  }: SchemaResolverOptions<TValues> = {},
): Resolver<TValues, unknown, TOutput> {
  return (values) => {
    const request = toRequest(values);
    const result = schema.safeParse(keepBlanks ? request : blanksMissing(request), { reportInput: true });
    const errors: Record<string, { type: string; message: string }> = {};
    if (!result.success) {
      for (const [path, problem] of Object.entries(fieldProblemsOf(result.error.issues, WHOLE_FORM))) {
        const name = path === WHOLE_FORM ? path : fieldOf(path);
        errors[name] ??= {
          type: typeof problem === 'string' ? problem : problem.key,
          message: problemText(name, problem, messages),
        };
      }
    }
    for (const [name, message] of Object.entries(check?.(values) ?? {})) errors[name] ??= { type: 'check', message };
    if (result.success && Object.keys(errors).length === 0) return { values: result.data, errors: {} };
    return { values: {}, errors: nest(errors) as FieldErrors<TValues> };
  };
}

/** A resolver from a feature's own check: its texts by field, none when all is well. */
export function checkResolver<TValues extends FieldValues, TOutput>(
  check: (values: TValues) => Record<string, string>,
): Resolver<TValues, unknown, TOutput> {
  return (values) => {
    const problems = Object.entries(check(values));
    if (problems.length === 0) return { values: values as unknown as TOutput, errors: {} };
    const errors = Object.fromEntries(problems.map(([name, message]) => [name, { type: 'check', message }]));
    return { values: {}, errors: nest(errors) as FieldErrors<TValues> };
  };
}

/**
 * A field left blank (or only spaces) is checked as missing, so it reads 'required' where the
 * server, sent an empty string, would call it invalid: the member typed nothing at all.
 */
function blanksMissing(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, blanksMissing(item)]));
}

/** react-hook-form reads errors by path (`address.zip` under `address`), as its own validation stores them. */
function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = (node[part] = typeof next === 'object' && next !== null ? next : {}) as Record<string, unknown>;
    }
    node[parts[parts.length - 1] as string] = value;
  }
  return out;
}
