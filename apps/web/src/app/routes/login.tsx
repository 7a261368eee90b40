import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { KeyIcon } from '../../components/icons';
import { LoginForm } from '../../features/account/components/login-form';
import { Page } from '../components/page';
import { afterLoginPath } from '../rules';

/** The login page; members who are already logged in are sent on by the route's loader. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');

  return (
    <Page title={t('pages.login.title')} intro={t('pages.login.intro')} icon={<KeyIcon size={28} />} narrow>
      <div className="card-panel">
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
