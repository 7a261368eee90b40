import { DISMISSAL_KEYS } from '@app/shared';
import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CloseIcon, GiftIcon } from '../../../components/icons';
import { dismiss, isDismissed, readStorage, writeStorage } from '../../../lib/storage';
import { isMembersArea } from '../../../lib/members-area';
import { shouldOpenTimeBonusModal, timeBonusModalDelay, type TimeBonus } from '../rules';
import { SHOP_PATH } from '../shop-path';
import { CountdownClock } from './time-bonus-countdown';
import './time-bonus-modal.scss';

/**
 * When this tab first entered the members area (sessionStorage), so the modal's 40 s count
 * from there even when a layout change remounts this component or the page reloads.
 */
const ENTERED_KEY = 'time-bonus-members-area-entered';

/** The moment this tab entered the members area: stored the first time `inArea` is true. */
function membersAreaEnteredAt(inArea: boolean): number | null {
  const stored = Number(readStorage('session', ENTERED_KEY));
  if (stored > 0) return stored;
  if (!inArea) return null;
  const now = Date.now();
  writeStorage('session', ENTERED_KEY, String(now));
  return now;
}

interface TimeBonusModalProps {
  bonus: TimeBonus;
  percent: number;
  credits: number;
  /** The member opened it from the chip. */
  asked: boolean;
  onClosed: () => void;
}

/**
 * The time-bonus modal (spec section 4): 40 s after this tab entered the members area it opens,
 * if the member has 0 credits, has not dismissed it and the bonus still runs; the top bar's chip
 * opens it whenever the member asks. Closing it in any way is the dismissal, stored with its moment.
 */
export function TimeBonusModal({ bonus, percent, credits, asked, onClosed }: TimeBonusModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inArea = isMembersArea(useLocation().pathname);
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(() => isDismissed(DISMISSAL_KEYS.timeBonusModal));

  useEffect(() => {
    if (due) return;
    const enteredAt = membersAreaEnteredAt(inArea);
    if (enteredAt === null) return;
    const timer = setTimeout(() => setDue(true), timeBonusModalDelay(enteredAt, Date.now()));
    return () => clearTimeout(timer);
  }, [due, inArea]);

  const open =
    asked || (due && shouldOpenTimeBonusModal({ loggedIn: true, credits, dismissed, bonusVisible: bonus.isVisible }));
  if (!open || !bonus.countdown) return null;

  function close() {
    dismiss(DISMISSAL_KEYS.timeBonusModal);
    setDismissed(true);
    onClosed();
  }

  function handleClaim() {
    close();
    void navigate(SHOP_PATH);
  }

  return (
    <Modal show onHide={close} centered aria-labelledby="time-bonus-modal-title">
      <Modal.Body className="time-bonus-modal">
        <button
          type="button"
          className="time-bonus-modal__close"
          aria-label={t('timeBonus.modal.close')}
          onClick={close}
        >
          <CloseIcon size={20} />
        </button>
        <span className="time-bonus-modal__badge" aria-hidden="true">
          <GiftIcon size={30} />
          <span className="time-bonus-modal__percent">{t('timeBonus.modal.percent', { percent })}</span>
        </span>
        <h2 id="time-bonus-modal-title" className="time-bonus-modal__title">
          {t('timeBonus.modal.title', { percent })}
        </h2>
        <p className="time-bonus-modal__text">{t('timeBonus.modal.text', { percent })}</p>
        <CountdownClock countdown={bonus.countdown} className="time-bonus-clock--large" />
        <div className="time-bonus-modal__actions">
          <button type="button" className="btn btn-primary btn-lg" onClick={handleClaim}>
            {t('timeBonus.modal.claim')}
          </button>
          <button type="button" className="btn btn-link" onClick={close}>
            {t('timeBonus.modal.later')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
