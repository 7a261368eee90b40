import { AdminCreditsBodySchema, AdminMemberDeleteBodySchema } from '@app/shared';
import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Form, FormAlert, oneText, TextAreaField, TextField, useAppForm } from '../../components/form';

export interface ActionValues {
  reason: string;
  delta: number;
}

interface ActionDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** Danger for what is hard to undo (ban, delete). */
  tone?: 'primary' | 'danger';
  /** Asks for a number of credits to add (negative to take) besides the reason. */
  withDelta?: boolean;
  /** The action's call; its failure shows inside the dialog. */
  onConfirm: (values: ActionValues) => Promise<unknown>;
  onClose: () => void;
}

interface ActionDraft {
  reason: string;
  delta: string;
}

/** The reason every action on a member or order takes, the same rule in each of their contracts. */
const ReasonSchema = AdminMemberDeleteBodySchema.pick({ reason: true });
const CreditsSchema = AdminCreditsBodySchema.pick({ reason: true, delta: true });

/** A typed amount as a number, or what was typed when it is none, so the schema says it is invalid. */
function toAmount(text: string): number | string | undefined {
  if (text.trim() === '') return undefined;
  const amount = Number(text);
  return Number.isFinite(amount) ? amount : text;
}

/**
 * A dialog that confirms an action on a member and asks its reason (3 to 500 characters, as the
 * contract wants), and for credits the amount. The server's message shows inside it.
 */
export function ActionDialog({
  title,
  text,
  confirmLabel,
  tone = 'primary',
  withDelta = false,
  onConfirm,
  onClose,
}: ActionDialogProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const form = useAppForm<ActionDraft, { reason: string; delta?: number }>({
    defaultValues: { reason: '', delta: '' },
    schema: withDelta ? CreditsSchema : ReasonSchema,
    toRequest: ({ reason, delta }) => (withDelta ? { reason, delta: toAmount(delta) } : { reason }),
    messages: { reason: oneText(t('member.reasonInvalid')), delta: oneText(t('member.deltaInvalid')) },
  });

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Form form={form} alert={false} onSubmit={({ reason, delta }) => onConfirm({ reason, delta: delta ?? 0 })}>
        <Modal.Header closeButton closeLabel={t('actions.close')}>
          <Modal.Title as="h2" id={`${id}-title`} className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{text}</p>
          {form.formError && <FormAlert>{form.formError}</FormAlert>}
          {withDelta && (
            <TextField
              name="delta"
              id={`${id}-delta`}
              label={t('member.delta')}
              hint={t('member.deltaHint')}
              type="number"
              step={1}
              className="mb-3"
            />
          )}
          <TextAreaField name="reason" id={`${id}-reason`} label={t('member.reason')} rows={3} maxLength={500} />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className={`btn btn-${tone}`} disabled={form.formState.isSubmitting}>
            {confirmLabel}
          </button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
