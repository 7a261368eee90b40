import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeyIcon } from '../../components/icons';
import { Page } from '../components/page';

/** The login page; members who are already logged in are sent on by the route's loader. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.login.title')} intro={t('pages.login.intro')} icon={<KeyIcon size={28} />} narrow>
      <div className="card-panel">
        <p className="mb-3">
          <Link to="/reset-password">{t('pages.login.forgotPassword')}</Link>
        </p>
        <p className="mb-0">
          {t('pages.login.noAccount')}{' '}
          <Link to="/signup" className="fw-semibold">
            {t('nav.signup')}
          </Link>
        </p>
      </div>
    </Page>
  );
}
