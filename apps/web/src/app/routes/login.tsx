import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { KeyIcon } from '../../components/icons';
import { FormAlert } from '../../components/form';
import { LoginForm } from '../../features/account/components/login-form';
import { useSettings } from '../../data/settings';
import { Page } from '../components/page';
import { afterLoginPath } from '../rules';

/** The login page; members who are already logged in are sent on by the route's loader. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const reactivated = search.get('reactivated');

  return (
    <Page title={t('pages.login.title')} intro={t('pages.login.intro')} icon={<KeyIcon size={28} />} narrow>
      <div className="card-panel">
        {reactivated === '1' && (
          <div className="mb-3">
            <FormAlert variant="success">{t('pages.login.reactivated')}</FormAlert>
          </div>
        )}
        {reactivated === '0' && <ReactivationFailed />}
        <LoginForm onSuccess={() => void navigate(afterLoginPath(redirect), { replace: true })} />
        <p className="auth-divider mb-0">
          {t('pages.login.noAccount')}{' '}
          <Link to="/signup" className="fw-semibold">
            {t('nav.signup')}
          </Link>
        </p>
      </div>
    </Page>
  );
}

/** The reactivation link led here but did not work: unknown, used or past its days. */
function ReactivationFailed() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <div className="mb-3">
      <FormAlert variant="warning">
        <p className="mb-1">{t('pages.login.reactivationFailed')}</p>
        <p>
          {t('pages.login.reactivationFailedHelp')}{' '}
          <a href={`mailto:${settings.support_email}`} className="alert-link">
            {settings.support_email}
          </a>
        </p>
      </FormAlert>
    </div>
  );
}
