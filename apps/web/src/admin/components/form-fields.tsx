import { useId, type ReactNode } from 'react';

/** What every console form field takes: its label, where its problems belong, its problem or hint. */
export interface FieldShell {
  label: string;
  /** The value's dotted path in the request body: where its problems belong. */
  path: string;
  error?: string;
  hint?: string;
  wide?: boolean;
}

function FieldFrame({ id, label, error, hint, wide, children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={`admin-field${wide ? ' admin-field--wide' : ''}`}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}

/** A field's problem, else its hint, under the ids its `aria-describedby` names. */
function FieldNote({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <div id={`${id}-error`} className="invalid-feedback d-block">
        {error}
      </div>
    );
  }
  return hint ? (
    <div id={`${id}-hint`} className="form-text">
      {hint}
    </div>
  ) : null;
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

/** A labelled text input (or textarea) with its hint or problem. */
export function TextField({
  value,
  onChange,
  type = 'text',
  inputMode,
  min,
  disabled,
  maxLength,
  multiline,
  rows = 2,
  ...shell
}: FieldShell & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'number' | 'date' | 'tel' | 'url';
  inputMode?: 'numeric' | 'decimal' | 'text';
  /** A number field's lowest value; number fields take whole numbers. */
  min?: number;
  disabled?: boolean;
  maxLength?: number;
  multiline?: boolean;
  /** A multiline field's height in lines. */
  rows?: number;
}) {
  const id = useId();
  const props = {
    id,
    'data-field': shell.path,
    className: `form-control${shell.error ? ' is-invalid' : ''}`,
    value,
    disabled,
    maxLength,
    'aria-invalid': shell.error ? true : undefined,
    'aria-describedby': describedBy(id, shell.error, shell.hint),
  };
  return (
    <FieldFrame id={id} {...shell}>
      {multiline ? (
        <textarea {...props} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...props}
          type={type}
          inputMode={inputMode}
          min={min}
          step={type === 'number' ? 1 : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}

/** A labelled select. */
export function SelectField({
  value,
  onChange,
  options,
  disabled,
  ...shell
}: FieldShell & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} {...shell}>
      <select
        id={id}
        data-field={shell.path}
        className={`form-select${shell.error ? ' is-invalid' : ''}`}
        value={value}
        disabled={disabled}
        aria-invalid={shell.error ? true : undefined}
        aria-describedby={describedBy(id, shell.error, shell.hint)}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A labelled on/off switch; its value is whether it is on. */
export function SwitchField({
  label,
  path,
  error,
  hint,
  value,
  onChange,
}: FieldShell & { value: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  return (
    <div className="admin-field">
      <div className="form-check form-switch">
        <input
          id={id}
          data-field={path}
          type="checkbox"
          role="switch"
          className="form-check-input"
          checked={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label className="form-check-label" htmlFor={id}>
          {label}
        </label>
      </div>
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}
