import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, ReportBodySchema } from '@app/shared';
import { useEffect, useId, useRef } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Form, SelectField, TextAreaField, useAppForm } from '../../../components/form';
import { CheckIcon, FlagIcon } from '../../../components/icons';
import type { ReportBody, ReportReason } from '../api/contract';
import { useReportMember } from '../api/report-member';
import '../../../components/action-dialog.scss';
import './report-dialog.scss';

export interface ReportDialogProps {
  /** The reported member. */
  member: { id: number; name: string };
  /** The reported message, when a message is reported rather than the profile. */
  messageId?: number;
  onClose: () => void;
}

interface ReportValues {
  reason: ReportReason | '';
  note: string;
}

/**
 * Reporting a profile or a message: a reason, an optional note with a counter, and a thank-you
 * once sent. Closing is refused while the report is on its way.
 */
export function ReportDialog({ member, messageId, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  const report = useReportMember();
  const form = useAppForm<ReportValues, ReportBody>({
    defaultValues: { reason: '', note: '' },
    schema: ReportBodySchema,
    toRequest: (values) => ({
      profile_id: member.id,
      ...(messageId !== undefined ? { message_id: messageId } : {}),
      ...values,
    }),
    messages: { reason: { field_required: t('report.reasonRequired') } },
    failureText: t('report.failed'),
  });
  const doneRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const counterId = `${id}-note-counter`;
  const done = report.isSuccess;
  const pending = form.formState.isSubmitting;
  const note = form.watch('note');

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  return (
    <Modal show onHide={pending ? () => undefined : onClose} centered aria-labelledby={titleId}>
      <Modal.Body className="action-dialog">
        {done ? (
          <div>
            <span className="action-dialog__icon action-dialog__icon--done" aria-hidden="true">
              <CheckIcon size={26} />
            </span>
            <h2 id={titleId} ref={doneRef} tabIndex={-1} className="action-dialog__title">
              {t('report.doneTitle')}
            </h2>
            <p role="status">{t('report.done')}</p>
            <div className="action-dialog__actions">
              <button type="button" className="btn btn-primary" onClick={onClose}>
                {t('report.close')}
              </button>
            </div>
          </div>
        ) : (
          <Form form={form} onSubmit={(body) => report.mutateAsync(body)} alert={false}>
            <span className="action-dialog__icon" aria-hidden="true">
              <FlagIcon size={24} />
            </span>
            <h2 id={titleId} className="action-dialog__title">
              {messageId !== undefined
                ? t('report.titleMessage', { name: member.name })
                : t('report.titleProfile', { name: member.name })}
            </h2>
            <p>{t('report.intro', { name: member.name })}</p>
            <SelectField
              name="reason"
              label={t('report.reason')}
              placeholder={t('report.reasonPlaceholder')}
              options={REPORT_REASONS.map((key) => ({ value: key, label: t(`report.reasons.${key}`) }))}
              className="mb-3"
              required
            />
            <TextAreaField
              name="note"
              label={t('report.note')}
              rows={4}
              maxLength={REPORT_NOTE_MAX_LENGTH}
              describedByExtra={counterId}
            />
            <p id={counterId} className="report-dialog__counter">
              {t('report.counter', { used: note.length, max: REPORT_NOTE_MAX_LENGTH })}
            </p>
            {form.formError && (
              <p className="action-dialog__error" role="alert">
                {form.formError}
              </p>
            )}
            <div className="action-dialog__actions">
              <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={pending}>
                {t('report.cancel')}
              </button>
              <button type="submit" className="btn btn-danger" disabled={pending}>
                {pending ? t('report.submitting') : t('report.submit')}
              </button>
            </div>
          </Form>
        )}
      </Modal.Body>
    </Modal>
  );
}
