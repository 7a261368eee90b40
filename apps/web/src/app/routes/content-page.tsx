import { termsVersionDate, type ContentPage } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DocumentIcon, MailIcon } from '../../components/icons';
import { useCompanyInfo } from '../../features/reference/api/get-company-info';
import { useSettings } from '../../features/settings/api/get-settings';
import { formatDate } from '../../lib/i18n';
import { Page } from '../components/page';

/** The content pages (/pages/terms, privacy, cookies, ban, faq, return-policy, service). */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  const company = useCompanyInfo();
  // The route's loader lets only the known page names through.
  const name = useParams().name as ContentPage;
  const values = { name: settings.name, days: settings.refund_days };

  return (
    <Page
      title={t(`contentPages.${name}.title`)}
      intro={t(`contentPages.${name}.intro`, values)}
      icon={<DocumentIcon size={28} />}
    >
      {name === 'terms' && company && (
        <p className="page-meta">{t('contentPages.version', { date: formatDate(termsVersionDate(company.added)) })}</p>
      )}
      <div className="card-panel contact-card">
        <MailIcon size={24} />
        <div>
          <h2 className="h5">{t('contentPages.questionsTitle')}</h2>
          <p>
            {t('contentPages.questionsText')}{' '}
            <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
          </p>
          {company && (
            <address className="mb-0">
              {company.name}
              <br />
              {company.address}, {company.city}, {company.country}
            </address>
          )}
        </div>
      </div>
    </Page>
  );
}
