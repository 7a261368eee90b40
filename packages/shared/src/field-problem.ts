import type { z } from 'zod';
import { FIELD_MESSAGE_KEYS } from './schemas/common.js';

/** Interpolation values of a message ({{min}}, {{max}}, ...). */
export type MessageParams = Record<string, string | number>;

/**
 * What is wrong with one field: a message key of the errors catalogue, with its values when the
 * text interpolates any. The server words it in the request's language; the web's form kit
 * words it the same way before a form is sent.
 */
export type FieldProblem = string | { key: string; params?: MessageParams };

const FIELD_KEYS: ReadonlySet<string> = new Set(FIELD_MESSAGE_KEYS);

/**
 * Maps a zod issue to a message key of the errors catalogue and its values. A schema may name
 * the key itself as the issue's message (`{ error: 'email_invalid' }`), for the spec's texts.
 * The one home of this rule: the server's error answers and the web's forms both ask it, so a
 * field says the same before and after it is sent.
 */
export function fieldProblem(issue: z.core.$ZodIssue): FieldProblem {
  if (FIELD_KEYS.has(issue.message)) return issue.message;
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    return 'field_required';
  }
  switch (issue.code) {
    case 'invalid_value':
      return 'field_invalid_option';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'field_required' : { key: 'field_too_short', params: { min } };
      return { key: 'field_too_small', params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      return { key: issue.origin === 'string' ? 'field_too_long' : 'field_too_big', params: { max } };
    }
    default:
      return 'field_invalid';
  }
}

/**
 * One problem per field, keyed by its dotted path (`address.zip`); a problem with the whole
 * value is keyed by `whole`.
 */
export function fieldProblemsOf(issues: readonly z.core.$ZodIssue[], whole: string): Record<string, FieldProblem> {
  const fields: Record<string, FieldProblem> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.') || whole;
    fields[name] ??= fieldProblem(issue);
  }
  return fields;
}

/** The key and values of a problem, whichever way it was written. */
export function problemKey(problem: FieldProblem): { key: string; params: MessageParams } {
  return typeof problem === 'string'
    ? { key: problem, params: {} }
    : { key: problem.key, params: problem.params ?? {} };
}
