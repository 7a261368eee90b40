import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import type { FieldProblem } from '../rules';

/**
 * A form's field problems as texts by dotted path ('prices.EUR'): the browser's own checks
 * (the contract's schemas) or the server's `fields`, each shown at its field, and the first
 * problem's field focused.
 */
export function useFieldProblems() {
  const { t } = useTranslation('admin');
  const formRef = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const focusFirst = useCallback((paths: readonly string[]) => {
    setTimeout(() => {
      const fields = formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [];
      [...fields].find((field) => paths.includes(field.dataset.field ?? ''))?.focus();
    });
  }, []);

  /** Shows the browser's problems; true when there were any. */
  function showClient(found: Record<string, FieldProblem>): boolean {
    const texts = Object.fromEntries(Object.entries(found).map(([path, p]) => [path, t(p.key, p.values)]));
    setProblems(texts);
    focusFirst(Object.keys(texts));
    return Object.keys(texts).length > 0;
  }

  /** Shows the server's field messages of a failure; true when it had any. */
  function showServer(error: unknown): boolean {
    if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return false;
    setProblems(error.fields);
    focusFirst(Object.keys(error.fields));
    return true;
  }

  function clear(path: string) {
    setProblems(({ [path]: _gone, ...rest }) => rest);
  }

  return { formRef, problems, showClient, showServer, clear, reset: () => setProblems({}) };
}

interface FieldShell {
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
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : (
        hint && (
          <div id={`${id}-hint`} className="form-text">
            {hint}
          </div>
        )
      )}
    </div>
  );
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
  disabled,
  maxLength,
  multiline,
  rows = 2,
  ...shell
}: FieldShell & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'date' | 'tel' | 'url';
  inputMode?: 'numeric' | 'decimal' | 'text';
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
        <input {...props} type={type} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
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

/** A labelled on/off switch. */
export function SwitchField({
  label,
  path,
  error,
  hint,
  checked,
  onChange,
}: FieldShell & { checked: boolean; onChange: (checked: boolean) => void }) {
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
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label className="form-check-label" htmlFor={id}>
          {label}
        </label>
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : (
        hint && (
          <div id={`${id}-hint`} className="form-text">
            {hint}
          </div>
        )
      )}
    </div>
  );
}

/** The alerts above a form: the browser found problems, or the server failed without field messages. */
export function FormAlerts({ invalid, failure }: { invalid: boolean; failure: string | null }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {invalid && (
        <div className="alert alert-danger" role="alert">
          {t('shop.invalid')}
        </div>
      )}
      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
      )}
    </>
  );
}

/** A yes/no question before an action without a reason (expiring a discount code). */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('actions.close')}>
        <Modal.Title as="h2" id={`${id}-title`} className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className={error ? undefined : 'mb-0'}>{text}</p>
        {error && (
          <div className="alert alert-danger mb-0" role="alert">
            {error}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('actions.cancel')}
        </button>
        <button type="button" className="btn btn-danger" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

/** A form's heading that takes focus when the form opens, so keyboard and screen reader users land in it. */
export function FormHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <h3 ref={ref} id={id} className="admin-panel__title" tabIndex={-1}>
      {children}
    </h3>
  );
}
