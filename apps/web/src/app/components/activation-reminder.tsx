import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MailIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { useResendActivation } from '../../features/account/api/resend-activation';
import { useCurrentRoute } from '../hooks/use-current-route';
import { activationReminder } from '../rules';
import { useErrorText } from '../../lib/error-text';

// The phone modal (and react-bootstrap's Modal with it) loads only for those who see it.
const ActivationModal = lazy(() =>
  import('./activation-modal').then((module) => ({ default: module.ActivationModal })),
);

const PHONE_QUERY = '(max-width: 767.98px)';

/** The resend button and its outcome, shared by the alert and the modal. */
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

/**
 * The activation reminder of the default layout's warning banners (#activation-reminder):
 * an alert, or on a phone right after signup a modal (spec section 4).
 */
export function ActivationReminder() {
  const { t } = useTranslation();
  const user = useUser();
  const route = useCurrentRoute();
  const [search] = useSearchParams();
  const [modalClosed, setModalClosed] = useState(false);
  const phone = typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
  const kind = activationReminder({ user, fromSignup: search.get('from') === 'signup' && !modalClosed, phone });
  // The activation error page makes the same offer itself.
  if (kind === null || route?.name === 'activate-error') return null;
  if (kind === 'modal') {
    return (
      <Suspense fallback={null}>
        <ActivationModal onClose={() => setModalClosed(true)} />
      </Suspense>
    );
  }
  return (
    <div id="activation-reminder" className="activation-reminder" role="region" aria-label={t('activation.title')}>
      <div className="container activation-reminder__inner">
        <MailIcon size={22} className="activation-reminder__icon" />
        <p className="activation-reminder__text">
          <strong>{t('activation.title')}</strong> {t('activation.text')}
        </p>
        <div className="activation-reminder__actions">
          <ResendActivation />
        </div>
      </div>
    </div>
  );
}
