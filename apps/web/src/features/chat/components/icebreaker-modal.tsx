import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { LightbulbIcon } from '../../../components/icons';

/** The suggested openers, texts under chat.icebreakers.openers; some speak to the partner by name. */
const OPENERS = ['profile', 'smile', 'weekend', 'travel', 'food', 'music', 'dream', 'question'] as const;

interface IcebreakerModalProps {
  name: string;
  onChoose: (text: string) => void;
  onClose: () => void;
}

/** Openers to start a chat with; choosing one fills the composer, where it can still be changed. */
export function IcebreakerModal({ name, onChoose, onClose }: IcebreakerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal show onHide={onClose} centered aria-labelledby="icebreaker-title">
      <Modal.Header closeButton closeLabel={t('chat.prompt.close')}>
        <h2 id="icebreaker-title" className="chat-dialog__title mb-0">
          <LightbulbIcon size={22} className="chat-dialog__title-icon" />
          {t('chat.icebreakers.title')}
        </h2>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary">{t('chat.icebreakers.text', { name })}</p>
        <ul className="icebreaker-list">
          {OPENERS.map((key) => {
            const text = t(`chat.icebreakers.openers.${key}`, { name });
            return (
              <li key={key}>
                <button type="button" className="icebreaker-option" onClick={() => onChoose(text)}>
                  {text}
                </button>
              </li>
            );
          })}
        </ul>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-link" onClick={onClose}>
          {t('chat.icebreakers.own')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
