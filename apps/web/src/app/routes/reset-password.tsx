import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeyIcon } from '../../components/icons';
import { Page } from '../components/page';

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
        <p className="mb-0">
          {t('pages.resetPassword.remembered')} <Link to="/login">{t('nav.login')}</Link>
        </p>
      </div>
    </Page>
  );
}
