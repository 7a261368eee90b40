import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeyIcon } from '../../components/icons';
import { ResetRequestForm } from '../../features/account/components/reset-request-form';
import { Page } from '../components/page';

/** Forgot password: request a reset link by e-mail. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('pages.resetPassword.title')}
      intro={t('pages.resetPassword.intro')}
      icon={<KeyIcon size={28} />}
      narrow
    >
      <div className="card-panel">
        <ResetRequestForm />
        <p className="auth-divider mb-0">
          {t('pages.resetPassword.remembered')} <Link to="/login">{t('nav.login')}</Link>
        </p>
      </div>
    </Page>
  );
}
