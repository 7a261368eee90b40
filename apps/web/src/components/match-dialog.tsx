import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeartIcon, MessageIcon } from './icons';
import type { ProfileCard } from '@app/shared';
import './likes.scss';

interface MatchDialogProps {
  card: ProfileCard;
  onClose: () => void;
}

/** Both like each other: a moment to celebrate, with the way to a first message. */
export function MatchDialog({ card, onClose }: MatchDialogProps) {
  const { t } = useTranslation();
  const photo = card.match ?? card.thumb;
  return (
    <Modal show onHide={onClose} centered aria-labelledby="match-title" aria-describedby="match-text">
      <Modal.Body className="match-dialog">
        <div className="match-dialog__hearts" aria-hidden="true">
          {photo ? (
            <img className="match-dialog__photo" src={photo} alt="" />
          ) : (
            <span className="match-dialog__initial">{card.name.trim().charAt(0).toUpperCase() || '?'}</span>
          )}
          <span className="match-dialog__heart">
            <HeartIcon size={26} />
          </span>
        </div>
        <h2 id="match-title" className="match-dialog__title">
          {t('likes.match.title')}
        </h2>
        <p id="match-text" className="match-dialog__text">
          {t('likes.match.text', { name: card.name })}
        </p>
        <div className="match-dialog__actions">
          <Link to={`/members/${card.id}/chat`} className="btn btn-primary btn-lg" onClick={onClose}>
            <MessageIcon size={18} />
            {t('likes.match.message', { name: card.name })}
          </Link>
          <button type="button" className="btn btn-link" onClick={onClose}>
            {t('likes.match.later')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
