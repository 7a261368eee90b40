import type { ReactNode } from 'react';

/** The ids of what FieldShell shows under a control (the hint, or the error instead), for aria-describedby. */
export function describedBy(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

interface FieldShellProps {
  id: string;
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Marks the label as required (the control says so itself with aria-required). */
  required?: boolean | undefined;
  /** Keeps the label for screen readers only, where the control's place says what it is (a search box). */
  labelHidden?: boolean | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/**
 * A control's label, hint and error around it, with the ids describedBy() names. The hint
 * steps aside while an error shows.
 */
export function FieldShell({ id, label, error, hint, required, labelHidden, className, children }: FieldShellProps) {
  const labelClass = labelHidden
    ? 'visually-hidden'
    : `form-label fw-semibold${required ? ' form-label--required' : ''}`;
  return (
    <div className={className}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
