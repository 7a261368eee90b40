import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from '@app/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell } from '../../../components/form/field-shell';
import { CheckIcon, FlagIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import type { ReportReason } from '../api/contract';
import { useReportMember } from '../api/report-member';
import './reports.scss';

export interface ReportDialogProps {
  /** The reported member. */
  member: { id: number; name: string };
  /** The reported message, when a message is reported rather than the profile. */
  messageId?: number;
  onClose: () => void;
}

/**
 * Reporting a profile or a message: a reason, an optional note with a counter, and a thank-you
 * once sent. Closing is refused while the report is on its way.
 */
export function ReportDialog({ member, messageId, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  const report = useReportMember();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const reasonRef = useRef<HTMLSelectElement>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const reasonId = `${id}-reason`;
  const noteId = `${id}-note`;
  const counterId = `${noteId}-counter`;
  const done = report.isSuccess;

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const failure = report.error ? errorText(report.error, t('report.failed')) : null;
  const fieldErrors = report.error instanceof ApiError ? report.error.fields : {};
  const reasonError = reasonMissing ? t('report.reasonRequired') : (fieldErrors.reason ?? null);
  const noteError = fieldErrors.note ?? null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setReasonMissing(true);
      reasonRef.current?.focus();
      return;
    }
    const trimmed = note.trim();
    report.mutate({
      profile_id: member.id,
      ...(messageId !== undefined ? { message_id: messageId } : {}),
      reason,
      ...(trimmed ? { note: trimmed } : {}),
    });
  }

  return (
    <Modal show onHide={report.isPending ? () => undefined : onClose} centered aria-labelledby={titleId}>
      <Modal.Body className="report-dialog">
        {done ? (
          <div className="report-dialog__done">
            <span className="report-dialog__icon report-dialog__icon--done" aria-hidden="true">
              <CheckIcon size={26} />
            </span>
            <h2 id={titleId} ref={doneRef} tabIndex={-1} className="report-dialog__title">
              {t('report.doneTitle')}
            </h2>
            <p role="status">{t('report.done')}</p>
            <div className="report-dialog__actions">
              <button type="button" className="btn btn-primary" onClick={onClose}>
                {t('report.close')}
              </button>
            </div>
          </div>
        ) : (
          <form onSubmit={handleSubmit} noValidate aria-busy={report.isPending}>
            <span className="report-dialog__icon" aria-hidden="true">
              <FlagIcon size={24} />
            </span>
            <h2 id={titleId} className="report-dialog__title">
              {messageId !== undefined
                ? t('report.titleMessage', { name: member.name })
                : t('report.titleProfile', { name: member.name })}
            </h2>
            <p>{t('report.intro', { name: member.name })}</p>
            <FieldShell id={reasonId} label={t('report.reason')} error={reasonError} className="mb-3">
              <select
                ref={reasonRef}
                id={reasonId}
                name="reason"
                className={`form-select${reasonError ? ' is-invalid' : ''}`}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value as ReportReason);
                  setReasonMissing(false);
                }}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={describedBy(reasonId, reasonError)}
                required
              >
                <option value="" disabled>
                  {t('report.reasonPlaceholder')}
                </option>
                {REPORT_REASONS.map((key) => (
                  <option key={key} value={key}>
                    {t(`report.reasons.${key}`)}
                  </option>
                ))}
              </select>
            </FieldShell>
            <FieldShell id={noteId} label={t('report.note')} error={noteError}>
              <textarea
                id={noteId}
                name="note"
                rows={4}
                maxLength={REPORT_NOTE_MAX_LENGTH}
                className={`form-control${noteError ? ' is-invalid' : ''}`}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={[describedBy(noteId, noteError), counterId].filter(Boolean).join(' ')}
              />
            </FieldShell>
            <p id={counterId} className="report-dialog__counter">
              {t('report.counter', { used: note.length, max: REPORT_NOTE_MAX_LENGTH })}
            </p>
            {failure && (
              <p className="report-dialog__error" role="alert">
                {failure}
              </p>
            )}
            <div className="report-dialog__actions">
              <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={report.isPending}>
                {t('report.cancel')}
              </button>
              <button type="submit" className="btn btn-danger" disabled={report.isPending}>
                {report.isPending ? t('report.submitting') : t('report.submit')}
              </button>
            </div>
          </form>
        )}
      </Modal.Body>
    </Modal>
  );
}
