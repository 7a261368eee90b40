import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { BlockIcon } from '../../../components/icons';
import { errorText } from '../../../lib/error-text';
import '../../../components/action-dialog.scss';

interface BlockDialogProps {
  name: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before blocking, and says plainly what a block does and that it can be undone. */
export function BlockDialog({ name, pending, error, onConfirm, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const message = error ? errorText(error, t('memberView.blockFailed')) : null;

  return (
    <Modal
      show
      onHide={pending ? () => undefined : onClose}
      centered
      restoreFocus={false}
      aria-labelledby="block-title"
    >
      <Modal.Body className="action-dialog">
        <span className="action-dialog__icon" aria-hidden="true">
          <BlockIcon size={26} />
        </span>
        <h2 id="block-title" className="action-dialog__title">
          {t('memberView.blockDialog.title', { name })}
        </h2>
        <p className="mb-2">{t('memberView.blockDialog.intro')}</p>
        <ul className="action-dialog__list">
          <li>{t('memberView.blockDialog.noView', { name })}</li>
          <li>{t('memberView.blockDialog.noContact')}</li>
          <li>{t('memberView.blockDialog.noLists')}</li>
        </ul>
        <p className="action-dialog__note">{t('memberView.blockDialog.note', { name })}</p>
        {message && (
          <p className="action-dialog__error" role="alert">
            {message}
          </p>
        )}
        <div className="action-dialog__actions">
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={pending}>
            {t('memberView.blockDialog.cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={pending}>
            {pending ? t('memberView.blocking') : t('memberView.blockDialog.confirm')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
