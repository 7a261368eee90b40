import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/brand-logo';
import './entry-warning-modal.scss';

interface EntryWarningModalProps {
  siteName: string;
  minAge: number;
  onEnter: () => void;
  onLeave: () => void;
}

/** The adults-only confirmation: a choice is required, so neither Escape nor the backdrop close it. */
export function EntryWarningModal({ siteName, minAge, onEnter, onLeave }: EntryWarningModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      show
      id="site-entry-warning"
      centered
      backdrop="static"
      keyboard={false}
      aria-labelledby="site-entry-warning-title"
      aria-describedby="site-entry-warning-text"
      contentClassName="entry-warning"
    >
      <Modal.Body className="entry-warning__body">
        <div className="entry-warning__badge">
          <BrandMark size={44} />
          <span className="entry-warning__age">{t('entryWarning.age', { age: minAge })}</span>
        </div>
        <h2 id="site-entry-warning-title" className="entry-warning__title">
          {t('entryWarning.title', { name: siteName })}
        </h2>
        <p id="site-entry-warning-text" className="entry-warning__text">
          {t('entryWarning.text', { age: minAge })}
        </p>
        <div className="entry-warning__actions">
          <button type="button" className="btn btn-primary btn-lg" data-action="enter" onClick={onEnter} autoFocus>
            {t('entryWarning.enter', { age: minAge })}
          </button>
          <button type="button" className="btn btn-link" data-action="leave" onClick={onLeave}>
            {t('entryWarning.leave')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
