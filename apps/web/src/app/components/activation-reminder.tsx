import { useTranslation } from 'react-i18next';
import { MailIcon } from '../../components/icons';
import { useResendActivation } from '../../features/account/api/resend-activation';
import { useErrorText } from '../../lib/error-text';
import { PromptFrame } from './prompt-frame';

/** The resend button and its outcome, shared by the prompt, the modal and the activation error page. */
export function ResendActivation({ className = 'btn btn-sm btn-primary' }: { className?: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { state, send } = useResendActivation();
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={send}
        disabled={state.status !== 'idle' && state.status !== 'failed'}
      >
        {state.status === 'pending' ? t('activation.resending') : t('activation.resend')}
      </button>
      <span role="status" className="activation-reminder__status">
        {state.status === 'sent' && t('activation.sent')}
        {state.status === 'failed' && errorText(state.error)}
      </span>
    </>
  );
}

/** The activation reminder as the page's prompt (spec section 4): it cannot be dismissed. */
export function ActivationPrompt() {
  const { t } = useTranslation();
  return (
    <PromptFrame
      id="activation-reminder"
      title={t('activation.title')}
      text={t('activation.text')}
      icon={<MailIcon size={20} />}
      actions={<ResendActivation />}
      warning
    />
  );
}
