import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useProblemText } from './states';

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
  pending: boolean;
  error: unknown;
  onConfirm: (values: ActionValues) => void;
  onClose: () => void;
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
  pending,
  error,
  onConfirm,
  onClose,
}: ActionDialogProps) {
  const { t } = useTranslation('admin');
  const problemText = useProblemText();
  const id = useId();
  const [reason, setReason] = useState('');
  const [delta, setDelta] = useState('');
  const [problems, setProblems] = useState<{ reason?: string; delta?: string }>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: typeof problems = {};
    const trimmed = reason.trim();
    if (trimmed.length < 3 || trimmed.length > 500) found.reason = t('member.reasonInvalid');
    const amount = Number(delta);
    if (withDelta && (!delta.trim() || !Number.isInteger(amount) || amount === 0 || Math.abs(amount) > 100_000)) {
      found.delta = t('member.deltaInvalid');
    }
    setProblems(found);
    if (found.reason || found.delta) return;
    onConfirm({ reason: trimmed, delta: amount });
  }

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <form onSubmit={handleSubmit} noValidate>
        <Modal.Header closeButton closeLabel={t('actions.close')}>
          <Modal.Title as="h2" id={`${id}-title`} className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{text}</p>
          {error !== null && error !== undefined && (
            <div className="alert alert-danger" role="alert">
              {problemText(error)}
            </div>
          )}
          {withDelta && (
            <div className="mb-3">
              <label className="form-label" htmlFor={`${id}-delta`}>
                {t('member.delta')}
              </label>
              <input
                id={`${id}-delta`}
                type="number"
                step={1}
                className={`form-control${problems.delta ? ' is-invalid' : ''}`}
                value={delta}
                aria-invalid={problems.delta ? true : undefined}
                aria-describedby={problems.delta ? `${id}-delta-error` : `${id}-delta-hint`}
                onChange={(e) => setDelta(e.target.value)}
              />
              {problems.delta ? (
                <div id={`${id}-delta-error`} className="invalid-feedback d-block">
                  {problems.delta}
                </div>
              ) : (
                <div id={`${id}-delta-hint`} className="form-text">
                  {t('member.deltaHint')}
                </div>
              )}
            </div>
          )}
          <div>
            <label className="form-label" htmlFor={`${id}-reason`}>
              {t('member.reason')}
            </label>
            <textarea
              id={`${id}-reason`}
              className={`form-control${problems.reason ? ' is-invalid' : ''}`}
              rows={3}
              maxLength={500}
              value={reason}
              aria-invalid={problems.reason ? true : undefined}
              aria-describedby={problems.reason ? `${id}-reason-error` : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            {problems.reason && (
              <div id={`${id}-reason-error`} className="invalid-feedback d-block">
                {problems.reason}
              </div>
            )}
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className={`btn btn-${tone}`} disabled={pending}>
            {confirmLabel}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
