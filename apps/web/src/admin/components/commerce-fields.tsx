import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { issueProblems, numberReader, problemAt, type NumberReader, type PathIssue } from '../commerce-rules';
import { QueryStates, useProblemText, type QueryLike } from './states';
import { useToast } from './toast';

/** Focuses the first field of a form (its `data-field`) that has one of the problems, once they show. */
function focusFirst(form: HTMLFormElement, paths: readonly string[]) {
  setTimeout(() => {
    const fields = form.querySelectorAll<HTMLElement>('[data-field]');
    [...fields].find((field) => paths.includes(field.dataset.field ?? ''))?.focus();
  });
}

/** A schema's verdict on a form's body (zod's `safeParse`), as far as the save reads it. */
export type Checked<T> = { success: true; data: T } | { success: false; error: { issues: readonly PathIssue[] } };

/** What `ShopForm` needs of its form's state. */
export interface ShopFormControls {
  submit: (form: HTMLFormElement) => void;
  pending: boolean;
  /** The browser found problems that are still shown. */
  invalid: boolean;
  /** The server's message of a failure without field messages. */
  failure: string | null;
}

/**
 * A shop form's draft and its save. `check` turns the draft into the request body through the
 * contract's schema (numbers read with `read`). Field problems are texts by dotted path
 * ('prices.EUR'), the browser's own or the server's `fields`, each shown at its field with the
 * first one's field focused; the browser's stop the save. A save is thanked with `savedText` in a
 * toast before `onSaved`.
 */
export function useShopForm<TDraft extends object, TBody, TResult>({
  initial,
  check,
  save,
  savedText,
  onSaved,
}: {
  initial: TDraft | (() => TDraft);
  check: (draft: TDraft, read: NumberReader) => Checked<TBody>;
  save: UseMutationResult<TResult, Error, TBody>;
  savedText: (result: TResult) => string;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const problemText = useProblemText();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState(false);

  /** Changes the draft and takes away the problems of the changed fields (by default the patch's keys). */
  function update(patch: Partial<TDraft>, paths: readonly string[] = Object.keys(patch)) {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !paths.includes(path))));
  }

  /** A field's value, problem and change handler, for a draft value stored under the body's own path. */
  function field<K extends keyof TDraft & string>(path: K) {
    return {
      path,
      value: draft[path],
      error: problemAt(problems, path),
      onChange: (value: TDraft[K]) => {
        const patch: Partial<TDraft> = {};
        patch[path] = value;
        update(patch);
      },
    };
  }

  function submit(form: HTMLFormElement) {
    const read = numberReader();
    const checked = check(draft, read);
    const found = { ...(checked.success ? {} : issueProblems(checked.error.issues)), ...read.problems };
    const texts = Object.fromEntries(Object.entries(found).map(([path, p]) => [path, t(p.key, p.values)]));
    const stopped = Object.keys(texts).length > 0;
    setProblems(texts);
    setInvalid(stopped);
    focusFirst(form, Object.keys(texts));
    if (stopped || !checked.success) return;
    save.mutate(checked.data, {
      onSuccess: (result) => {
        toast(savedText(result));
        onSaved?.();
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return;
        setProblems(error.fields);
        focusFirst(form, Object.keys(error.fields));
      },
    });
  }

  const shown = Object.keys(problems).length > 0;
  return {
    draft,
    update,
    field,
    problems,
    submit,
    pending: save.isPending,
    invalid: invalid && shown,
    failure: save.isError && !shown ? problemText(save.error) : null,
  };
}

/**
 * A shop form: its heading (when it has one), its alerts, its fields and the save button, with
 * a cancel button when it can be closed.
 */
export function ShopForm({
  form,
  title,
  submitLabel,
  onCancel,
  children,
}: {
  form: ShopFormControls;
  title?: string;
  submitLabel: string;
  onCancel?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const headingId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.submit(event.currentTarget);
  }

  return (
    <form
      className="admin-card admin-panel"
      aria-labelledby={title === undefined ? undefined : headingId}
      onSubmit={handleSubmit}
      noValidate
      aria-busy={form.pending}
    >
      {title !== undefined && <FormHeading id={headingId}>{title}</FormHeading>}
      <FormAlerts invalid={form.invalid} failure={form.failure} />
      <div className="admin-fields">{children}</div>
      <div className="admin-form-bar">
        <button type="submit" className="btn btn-primary" disabled={form.pending}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </button>
        )}
      </div>
    </form>
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
function FormHeading({ id, children }: { id: string; children: ReactNode }) {
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

/** A section of the shop: its heading with its actions beside it (an add button, a choice), then its content. */
export function ShopSection({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className="admin-screen__header">
        <h2 id={headingId} className="admin-panel__title mb-0">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * A shop section of items changed one at a time (bundles, gifts): the add button while no form
 * is open, and the open form, for an item or a new one (null), above the list.
 */
export function EditableSection<TData, TItem>({
  title,
  addLabel,
  query,
  form,
  list,
}: {
  title: string;
  addLabel: string;
  query: QueryLike<TData> & { isSuccess: boolean };
  /** The form; keyed by the item, so each item's form starts from the item. */
  form: (item: TItem | null, data: TData, close: () => void) => ReactNode;
  list: (data: TData, edit: (item: TItem) => void) => ReactNode;
}) {
  const [editing, setEditing] = useState<{ item: TItem | null } | null>(null);
  return (
    <ShopSection
      title={title}
      actions={
        query.isSuccess && editing === null && <AddButton label={addLabel} onClick={() => setEditing({ item: null })} />
      }
    >
      <QueryStates query={query}>
        {(data) => (
          <>
            {editing && form(editing.item, data, () => setEditing(null))}
            {list(data, (item) => setEditing({ item }))}
          </>
        )}
      </QueryStates>
    </ShopSection>
  );
}

/** The button that opens a section's form for a new item. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-primary btn-sm" onClick={onClick}>
      {label}
    </button>
  );
}

/** A shop list as a table: its caption for screen readers, its column heads and a last column for each row's action. */
export function ShopTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  /** Column heads in order; `end` aligns a column of figures right. */
  columns: readonly { label: string; end?: boolean }[];
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-table-wrap">
      <table className="table admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.end ? 'text-end' : undefined}>
                {column.label}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('shop.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Whether a bundle or gift is on sale. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`badge admin-badge${active ? '' : ' admin-badge--withdrawn'}`}>
      {active ? t('shop.active') : t('shop.withdrawn')}
    </span>
  );
}

/** A row's edit button, in the table's last column. */
export function EditCell({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <td className="text-end">
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClick}>
        {label}
      </button>
    </td>
  );
}
