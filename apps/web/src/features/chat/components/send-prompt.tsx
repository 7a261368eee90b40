import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrownIcon, GemIcon, MailCheckIcon } from '../../../components/icons';
import type { SendPrompt as PromptKind } from '../rules';

interface SendPromptProps {
  kind: PromptKind;
  /** The server's words for the refusal, in the member's language. */
  message: string;
  onClose: () => void;
}

const ICONS = {
  buy: <GemIcon size={26} />,
  premium: <CrownIcon size={26} />,
  confirm: <MailCheckIcon size={26} />,
};

/** Where a refused send leads (spec section 8): buying credits, premium, or confirming the e-mail first. */
const ACTIONS: Partial<Record<PromptKind, string>> = { buy: '/credits', premium: '/premium' };

/** The prompt a refused send opens: the server's reason and the way past it. */
export function SendPrompt({ kind, message, onClose }: SendPromptProps) {
  const { t } = useTranslation();
  const action = ACTIONS[kind];
  return (
    <Modal show onHide={onClose} centered aria-labelledby="send-prompt-title">
      <Modal.Body className="chat-dialog">
        <span className="chat-dialog__icon" aria-hidden="true">
          {ICONS[kind]}
        </span>
        <h2 id="send-prompt-title" className="chat-dialog__title">
          {t(`chat.prompt.${kind}.title`)}
        </h2>
        <p>{message}</p>
        <div className="chat-dialog__actions">
          {action && (
            <Link to={action} className="btn btn-primary btn-lg" onClick={onClose}>
              {t(`chat.prompt.${kind}.action`)}
            </Link>
          )}
          <button type="button" className={action ? 'btn btn-link' : 'btn btn-primary'} onClick={onClose}>
            {t(action ? 'chat.prompt.later' : 'chat.prompt.ok')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
