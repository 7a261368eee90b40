import { useCallback, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSettings } from '../../../data/settings';
import { closeSignupModal } from '../signup-modal-store';
import { SignupForm } from './signup-form';
import './signup-modal.scss';

/**
 * The signup modal (#signup-modal) of desktops. While signup is in progress neither the
 * backdrop nor Escape closes it (spec section 4); its close button always does.
 */
export function SignupModal({ recipientId }: { recipientId?: number }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const [inProgress, setInProgress] = useState(false);
  const handleProgress = useCallback((value: boolean) => setInProgress(value), []);

  return (
    <Modal
      show
      id="signup-modal"
      centered
      backdrop={inProgress ? 'static' : true}
      keyboard={!inProgress}
      onHide={closeSignupModal}
      aria-labelledby="signup-modal-title"
      contentClassName="signup-modal"
    >
      <div className="signup-modal__header">
        <p id="signup-modal-title" className="signup-modal__title">
          {t('signup.modalTitle', { name: settings.name })}
        </p>
        <button type="button" className="btn-close" aria-label={t('signup.close')} onClick={closeSignupModal} />
      </div>
      <div className="signup-modal__body">
        <SignupForm
          recipientId={recipientId}
          onProgressChange={handleProgress}
          onLeave={closeSignupModal}
          onSuccess={() => {
            closeSignupModal();
            void navigate('/complete-signup');
          }}
        />
        <p className="signup-modal__footer">
          {t('pages.signup.haveAccount')}{' '}
          <Link to="/login" className="fw-semibold" onClick={closeSignupModal}>
            {t('nav.login')}
          </Link>
        </p>
      </div>
    </Modal>
  );
}
