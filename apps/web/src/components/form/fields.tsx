import {
  useId,
  useState,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import {
  FormProvider,
  get,
  useFormContext,
  useFormState,
  useWatch,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell } from './field-shell';
import type { AppForm } from './use-app-form';
import './form.scss';

/** What every field of the kit takes besides its control's own attributes. */
interface FieldBase {
  /** The value's path in the form's values; its problems (the schema's, the server's) show here. */
  name: string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  id?: string;
  className?: string;
  /** Classes of the control itself, beside Bootstrap's. */
  controlClassName?: string;
  /** How the control's text becomes the form's value (e.g. a number), as register's setValueAs. */
  setValueAs?: RegisterOptions['setValueAs'];
  /** Runs after the form took a change of the control (e.g. to clear what depends on it). */
  onChange?: RegisterOptions['onChange'];
}

/** The control's id, its registration and its problem, wired for the shell and aria. */
function useField({
  name,
  id,
  required,
  setValueAs,
  onChange,
}: Pick<FieldBase, 'name' | 'id' | 'required' | 'setValueAs' | 'onChange'>) {
  const generated = useId();
  const fieldId = id ?? generated;
  const { register, control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  const registration = register(name, { ...(setValueAs ? { setValueAs } : {}), ...(onChange ? { onChange } : {}) });
  return {
    fieldId,
    error,
    control: {
      ...registration,
      id: fieldId,
      'aria-invalid': error ? true : undefined,
      'aria-required': required ? true : undefined,
    },
  };
}

type InputProps = FieldBase &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'required' | 'value' | 'onChange'>;

/** A labelled text input with its problem (announced through aria-describedby) and hint. */
export function TextField({
  name,
  label,
  labelHidden,
  hint,
  required,
  id,
  className,
  controlClassName,
  setValueAs,
  ...input
}: InputProps & { labelHidden?: boolean }) {
  const { fieldId, error, control } = useField({ name, id, required, setValueAs });
  return (
    <FieldShell
      id={fieldId}
      label={label}
      labelHidden={labelHidden}
      error={error}
      hint={hint}
      required={required}
      className={className}
    >
      <input
        className={`form-control${controlClassName ? ` ${controlClassName}` : ''}${error ? ' is-invalid' : ''}`}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...input}
        {...control}
      />
    </FieldShell>
  );
}

/** A password input with a show/hide toggle that keeps its label and problem. */
export function PasswordField({
  name,
  label,
  hint,
  required,
  id,
  className,
  controlClassName,
  onChange,
  ...input
}: Omit<InputProps, 'type' | 'setValueAs'>) {
  const { t } = useTranslation();
  const { fieldId, error, control } = useField({ name, id, required, onChange });
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      <div className="password-field">
        <input
          type={visible ? 'text' : 'password'}
          className={`form-control${controlClassName ? ` ${controlClassName}` : ''}${error ? ' is-invalid' : ''}`}
          aria-describedby={describedBy(fieldId, error, hint)}
          {...input}
          {...control}
        />
        <button
          type="button"
          className="password-field__toggle"
          aria-controls={fieldId}
          aria-pressed={visible}
          aria-label={t('auth.showPassword')}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldShell>
  );
}

type TextAreaProps = FieldBase &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'required' | 'value' | 'onChange'> & {
    /** More ids describing the control (a counter beside it). */
    describedByExtra?: string;
  };

/** A labelled textarea with its problem and hint. */
export function TextAreaField({
  name,
  label,
  hint,
  required,
  id,
  className,
  describedByExtra,
  setValueAs,
  onChange,
  controlClassName,
  ...textarea
}: TextAreaProps) {
  const { fieldId, error, control } = useField({ name, id, required, setValueAs, onChange });
  const described = [describedBy(fieldId, error, hint), describedByExtra].filter(Boolean).join(' ') || undefined;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      <textarea
        {...textarea}
        className={`form-control${controlClassName ? ` ${controlClassName}` : ''}${error ? ' is-invalid' : ''}`}
        aria-describedby={described}
        {...control}
      />
    </FieldShell>
  );
}

type SelectProps = FieldBase &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'required' | 'value' | 'onChange'> & {
    options: readonly { value: string; label: string }[];
    /** A first option naming what to choose while nothing is chosen; it cannot be chosen back. */
    placeholder?: string;
  };

/**
 * A labelled select whose shown value follows the form's (useWatch): its options may arrive
 * after its value (a list loaded later), which a select left to itself would lose.
 */
export function SelectField({
  name,
  label,
  hint,
  required,
  id,
  className,
  controlClassName,
  options,
  placeholder,
  setValueAs,
  onChange,
  ...select
}: SelectProps) {
  const { fieldId, error, control } = useField({ name, id, required, setValueAs, onChange });
  const value: unknown = useWatch({ name });
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      <select
        className={`form-select${controlClassName ? ` ${controlClassName}` : ''}${error ? ' is-invalid' : ''}`}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...select}
        {...control}
        value={value === null || value === undefined ? '' : String(value)}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A labelled checkbox (a switch with `toggle`); its value is whether it is ticked. */
export function CheckField({
  name,
  label,
  hint,
  required,
  id,
  className,
  toggle,
  onChange,
  ...input
}: Omit<InputProps, 'label' | 'type' | 'setValueAs' | 'controlClassName'> & { label: ReactNode; toggle?: boolean }) {
  const { fieldId, error, control } = useField({ name, id, required, onChange });
  return (
    <div className={className}>
      <div className={`form-check${toggle ? ' form-switch' : ''}`}>
        <input
          type="checkbox"
          role={toggle ? 'switch' : undefined}
          className={`form-check-input${error ? ' is-invalid' : ''}`}
          aria-describedby={describedBy(fieldId, error, hint)}
          {...input}
          {...control}
        />
        <label className="form-check-label" htmlFor={fieldId}>
          {label}
        </label>
      </div>
      {hint && !error && (
        <div id={`${fieldId}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${fieldId}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * A list value chosen by ticking (several of a fixed set): a fieldset of labelled checkboxes
 * with its legend, hint and problem. The value is the ticked options in the options' order.
 */
export function CheckListField({
  name,
  label,
  options,
  hint,
  className,
  listClassName,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  className?: string;
  /** Classes of the box around the checkboxes (a grid of them). */
  listClassName?: string;
}) {
  const id = useId();
  const { register } = useFormContext();
  const error = useGroupError(name)?.message;
  const registration = register(name);
  return (
    <fieldset className={className} aria-describedby={describedBy(id, error, hint)}>
      <legend className="form-label fw-semibold">{label}</legend>
      {hint && !error && (
        <div id={`${id}-hint`} className="form-text mt-0 mb-2">
          {hint}
        </div>
      )}
      <div className={listClassName}>
        {options.map((option) => (
          <div key={option.value} className="form-check">
            <input
              id={`${id}-${option.value}`}
              type="checkbox"
              className={`form-check-input${error ? ' is-invalid' : ''}`}
              value={option.value}
              {...registration}
            />
            <label className="form-check-label" htmlFor={`${id}-${option.value}`}>
              {option.label}
            </label>
          </div>
        ))}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}

/** A field's problem from the form's state, for a control the kit does not draw (a group of chips). */
export function useFieldError(name: string): string | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

/**
 * The problem of a group of controls: its own, or the first of a value inside it (a text per
 * language, a row of a list), for the group's shell to show once.
 */
export function useGroupError(name: string): { message: string; path: string } | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  return firstProblem(get(errors, name), name);
}

type ErrorNode = { message?: unknown; type?: unknown } & Record<string, unknown>;

function firstProblem(node: unknown, path: string): { message: string; path: string } | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const error = node as ErrorNode;
  if (typeof error.message === 'string' && typeof error.type === 'string') return { message: error.message, path };
  for (const [key, inner] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = firstProblem(inner, `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

/** Whether the form's own checks found a problem (not one the server answered) at any depth. */
function hasCheckProblem(errors: Record<string, unknown>): boolean {
  return Object.entries(errors).some(([key, node]) => {
    if (key === 'root' || key === 'ref' || typeof node !== 'object' || node === null) return false;
    const error = node as ErrorNode;
    if (typeof error.message === 'string' && typeof error.type === 'string') return error.type !== 'server';
    return hasCheckProblem(error);
  });
}

/** An error or notice above a form, announced to screen readers. */
export function FormAlert({
  variant = 'danger',
  children,
}: {
  variant?: 'danger' | 'warning' | 'success' | 'info';
  children: ReactNode;
}) {
  return (
    <div
      className={`alert alert-${variant} auth-alert`}
      role={variant === 'danger' || variant === 'warning' ? 'alert' : 'status'}
    >
      <div>{children}</div>
    </div>
  );
}

type FormProps<TValues extends FieldValues, TOutput> = Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'noValidate'
> & {
  form: AppForm<TValues, TOutput>;
  /** The call the checked values go to (see useAppForm's submit). */
  onSubmit: (values: TOutput) => Promise<unknown>;
  /** Whether the form-level failure shows at the top of the form (true) or where the form puts it. */
  alert?: boolean;
  /**
   * A note above the fields while a send was stopped by problems the form's checks found (a long
   * form whose marked fields may be out of sight); the server's field messages need none.
   */
  invalidText?: string;
};

/**
 * The form element of the kit: the fields inside find the form through context, the browser's
 * own checks stay off (the schema's wording is the site's), the form says it is busy while it
 * sends, and a failure that belongs to no field shows above the fields.
 */
export function Form<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  alert = true,
  invalidText,
  children,
  ...props
}: FormProps<TValues, TOutput>) {
  const { errors, submitCount } = form.formState;
  const stopped = invalidText !== undefined && submitCount > 0 && hasCheckProblem(errors);
  return (
    <FormContext form={form}>
      <form {...props} noValidate onSubmit={form.submit(onSubmit)} aria-busy={form.formState.isSubmitting}>
        {stopped && <FormAlert>{invalidText}</FormAlert>}
        {alert && form.formError && <FormAlert>{form.formError}</FormAlert>}
        {children}
      </form>
    </FormContext>
  );
}

/** The form's context for fields outside a <Form> (a page-wide form whose parts render apart). */
export function FormContext<TValues extends FieldValues, TOutput>({
  form,
  children,
}: {
  form: AppForm<TValues, TOutput>;
  children: ReactNode;
}) {
  return <FormProvider {...form}>{children}</FormProvider>;
}

function EyeIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  );
}
