import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { MailCheckIcon } from '../../components/icons';
import { ResendActivation } from './activation-reminder';
import './entry-warning-modal.scss';

/** The activation reminder as a modal, for phones right after signup (#activation-modal). */
export function ActivationModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      show
      id="activation-modal"
      centered
      onHide={onClose}
      aria-labelledby="activation-modal-title"
      contentClassName="entry-warning"
    >
      <Modal.Body className="entry-warning__body">
        <div className="entry-warning__badge">
          <MailCheckIcon size={44} />
        </div>
        <h2 id="activation-modal-title" className="entry-warning__title">
          {t('activation.title')}
        </h2>
        <p className="entry-warning__text">{t('activation.text')}</p>
        <div className="entry-warning__actions">
          <button type="button" className="btn btn-primary btn-lg" onClick={onClose} autoFocus>
            {t('activation.ok')}
          </button>
          <ResendActivation className="btn btn-link" />
        </div>
      </Modal.Body>
    </Modal>
  );
}
