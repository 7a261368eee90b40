import { useEffect, useRef, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { i18n, loadTexts } from '../../lib/i18n';
import type { FieldMessages } from './problem-text';
import { checkResolver, schemaResolver } from './resolver';

interface AppFormOptions<TValues extends FieldValues, TOutput> {
  defaultValues: DefaultValues<TValues>;
  /** The shared schema of the request; the form is checked by it before it is sent. */
  schema?: z.ZodType<TOutput, unknown>;
  /** The request the schema checks, when the form's values are not already its shape. */
  toRequest?: (values: TValues) => unknown;
  messages?: FieldMessages;
  /**
   * The texts of problems by field, from the feature's rules: for a form that no request schema
   * fits as a whole (a form in steps, each checked on its own), or beside the schema, what it
   * cannot see (a text's placeholders the page knows).
   */
  check?: (values: TValues) => Record<string, string>;
  /**
   * The form field a problem's path (the schema's, the server's) shows at, when the request's
   * paths are not the form's: a prefix the form leaves out, a list the form edits as one text.
   */
  fieldOf?: (path: string) => string;
  /** Names besides the form's values that show a problem of the server's (a group's contract field). */
  fieldsShown?: readonly string[];
  /**
   * Checks blank texts as they are instead of as missing: for a form that edits what is saved,
   * where emptying a text is a change the schema words itself (a min(1) reads 'required').
   */
  keepBlanks?: boolean;
  /** The form's own text for a failure the server did not word (no answer at all), instead of the generic one. */
  failureText?: string;
}

export interface AppForm<TValues extends FieldValues, TOutput = TValues> extends UseFormReturn<
  TValues,
  unknown,
  TOutput
> {
  /**
   * The form's submit handler: runs `send` with the checked values; a failure of the error
   * contract lands on the fields it names (its per-field messages) or, for anything else, above
   * the form. While `send` runs, formState.isSubmitting holds and a second submit sends nothing.
   */
  submit: (send: (values: TOutput) => Promise<unknown>) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** The form-level failure's text, if any. */
  formError: string | undefined;
}

/** useForm with the shared schema as its resolver and the server's answers mapped back onto the form. */
export function useAppForm<TValues extends FieldValues, TOutput = TValues>({
  defaultValues,
  schema,
  toRequest,
  messages,
  keepBlanks,
  check,
  fieldOf,
  fieldsShown = [],
  failureText,
}: AppFormOptions<TValues, TOutput>): AppForm<TValues, TOutput> {
  const resolver = schema
    ? schemaResolver<TValues, TOutput>(schema, { messages, toRequest, keepBlanks, check, fieldOf })
    : check && checkResolver<TValues, TOutput>(check);
  const form = useForm<TValues, unknown, TOutput>(resolver ? { defaultValues, resolver } : { defaultValues });
  useEffect(() => {
    // The problems a schema finds are worded from the errors catalogue, which no page loads first.
    if (schema) void loadTexts('errors');
  }, [schema]);

  // A second submit while one is under way (a double click, Enter in a field) sends nothing: a
  // disabled button alone does not stop a submit that comes before the re-render.
  const sending = useRef(false);
  const submit: AppForm<TValues, TOutput>['submit'] = (send) => {
    const handle = form.handleSubmit(async (values) => {
      try {
        await send(values);
      } catch (error) {
        showFailure(form, error, fieldsShown, failureText, fieldOf);
      }
    });
    return async (event) => {
      if (sending.current) {
        event?.preventDefault();
        return;
      }
      sending.current = true;
      try {
        await handle(event);
      } finally {
        sending.current = false;
      }
    };
  };

  const errors = form.formState.errors as { root?: Record<string, { message?: string }> };
  const formError = errors.root?.server?.message ?? errors.root?.form?.message;
  return { ...form, submit, formError };
}

/**
 * Puts a failed call's answer on the form: each per-field message of a validation failure on
 * its field when the form has it, the contract's message above the form otherwise.
 */
export function showFailure<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  error: unknown,
  fieldsShown: readonly string[] = [],
  failureText: string = i18n.t('auth.errors.generic'),
  fieldOf: (path: string) => string = (path) => path,
): void {
  const fields = error instanceof ApiError && error.error === 'validation_failed' ? error.fields : {};
  const values = form.getValues() as Record<string, unknown>;
  let placed = false;
  const focusable: FieldPath<TValues>[] = [];
  const seen = new Set<string>();
  for (const [field, message] of Object.entries(fields)) {
    const name = fieldOf(field);
    const shown = fieldsShown.includes(name);
    if (seen.has(name) || (!shown && !hasPath(values, name))) continue;
    seen.add(name);
    const path = name as FieldPath<TValues>;
    form.setError(path, { type: 'server', message });
    if (!shown) focusable.push(path);
    placed = true;
  }
  const first = firstOnPage(focusable);
  // The wrong value is selected, so what the member types next replaces it.
  if (first) form.setFocus(first, { shouldSelect: true });
  if (!placed) form.setError('root.server', { type: 'server', message: errorText(error, failureText) });
}

/** The field whose control comes first on the page: where the member reads the problems from. */
function firstOnPage<T extends string>(names: readonly T[]): T | undefined {
  let first: { name: T; element: Element } | undefined;
  for (const name of names) {
    const element = document.getElementsByName(name)[0];
    if (!element) continue;
    if (!first || first.element.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING) {
      first = { name, element };
    }
  }
  return first?.name ?? names[0];
}

function hasPath(values: Record<string, unknown>, path: string): boolean {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}
