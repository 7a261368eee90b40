import { FIELD_MESSAGE_KEYS, problemKey, type FieldProblem } from '@app/shared';
import { i18n } from '../../lib/i18n';

/**
 * Per field, the form's own wording of a problem key (the spec's texts, e.g. 'Vul je
 * e-mailadres in' for a missing e-mail), before the errors catalogue's general one.
 */
export type FieldMessages = Partial<Record<string, Partial<Record<string, string>>>>;

/**
 * The text of a field's problem: the form's own wording when it has one, else the errors
 * catalogue's, the same text the server answers for it.
 */
export function problemText(field: string, problem: FieldProblem, messages: FieldMessages = {}): string {
  const { key, params } = problemKey(problem);
  return messages[field]?.[key] ?? i18n.t(key, { ns: 'errors', ...params });
}

/**
 * One text for whatever is wrong with a field: for a field whose rule the form states whole
 * ('Give a reason of 3 to 500 characters'), which says more than the particular problem would.
 */
export function oneText(text: string): Partial<Record<string, string>> {
  return Object.fromEntries(FIELD_MESSAGE_KEYS.map((key) => [key, text]));
}
