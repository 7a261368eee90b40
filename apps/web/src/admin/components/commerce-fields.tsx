import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, type AppForm, type FieldMessages } from '../../components/form';
import { QueryStates, type QueryLike } from './states';
import { useToast } from './toast';

/**
 * A shop form's save: the checked request goes to the mutation, and a save is thanked with
 * `savedText` in a toast before `onSaved`. A failure goes back to the form (useAppForm's submit).
 */
export function useShopSave<TBody, TResult>({
  save,
  savedText,
  onSaved,
}: {
  save: UseMutationResult<TResult, Error, TBody>;
  savedText: (result: TResult) => string;
  onSaved?: () => void;
}): (body: TBody) => Promise<void> {
  const toast = useToast();
  return async (body) => {
    const result = await save.mutateAsync(body);
    toast(savedText(result));
    onSaved?.();
  };
}

/**
 * The console's messages for typed numbers that are none: the request's schema finds the text
 * invalid, and the field says what it takes.
 */
export function useNumberMessages(whole: readonly string[], money: readonly string[] = []): FieldMessages {
  const { t } = useTranslation('admin');
  return Object.fromEntries([
    ...whole.map((name) => [name, { field_invalid: t('shop.wholeInvalid') }]),
    ...money.map((name) => [name, { field_invalid: t('shop.moneyInvalid') }]),
  ]);
}

/**
 * A shop form: its heading (when it has one), the form of the kit with its notes, its fields and
 * the save button, with a cancel button when it can be closed.
 */
export function ShopForm<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  title,
  submitLabel,
  onCancel,
  children,
}: {
  form: AppForm<TValues, TOutput>;
  onSubmit: (body: TOutput) => Promise<unknown>;
  title?: string;
  submitLabel: string;
  onCancel?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const headingId = useId();

  return (
    <div className="admin-card admin-panel">
      {title !== undefined && <FormHeading id={headingId}>{title}</FormHeading>}
      <Form
        form={form}
        onSubmit={onSubmit}
        aria-labelledby={title === undefined ? undefined : headingId}
        invalidText={t('shop.invalid')}
      >
        <div className="admin-fields">{children}</div>
        <div className="admin-form-bar">
          <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
            {submitLabel}
          </button>
          {onCancel && (
            <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
              {t('actions.cancel')}
            </button>
          )}
        </div>
      </Form>
    </div>
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
