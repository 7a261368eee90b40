import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import './form/form.scss';
import { describedBy, FieldShell } from './form/field-shell';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's error text; marks the control invalid and describes it. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
}

/** A labelled text input with its error (announced through aria-describedby) and hint. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, error, hint, id, className, ...input },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={fieldId}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...input}
      />
    </FieldShell>
  );
});

/** A password input with a show/hide toggle that keeps its label and error. */
export const PasswordField = forwardRef<HTMLInputElement, FieldProps>(function PasswordField(
  { label, error, hint, id, className, ...input },
  ref,
) {
  const { t } = useTranslation();
  const generated = useId();
  const fieldId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} className={className}>
      <div className="password-field">
        <input
          ref={ref}
          id={fieldId}
          type={visible ? 'text' : 'password'}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, hint)}
          {...input}
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
});

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

/** The per-field texts of a validation_failed answer, or null for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  return error instanceof ApiError && error.error === 'validation_failed' ? error.fields : null;
}

/** The API's error code of a failure, or null. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.error : null;
}
