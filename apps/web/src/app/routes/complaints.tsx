import { useTranslation } from 'react-i18next';
import { HelpIcon, MailIcon } from '../../components/icons';
import { useSettings } from '../../features/settings/api/get-settings';
import { Page } from '../components/page';

export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Page title={t('pages.complaints.title')} intro={t('pages.complaints.intro')} icon={<HelpIcon size={28} />} narrow>
      <div className="card-panel contact-card">
        <MailIcon size={24} />
        <div>
          <h2 className="h5">{t('pages.complaints.mailTitle')}</h2>
          <p>{t('pages.complaints.mailText')}</p>
          <a className="btn btn-primary" href={`mailto:${settings.support_email}`}>
            {settings.support_email}
          </a>
        </div>
      </div>
    </Page>
  );
}
