import { ACCOUNT_REACTIVATION_DAYS } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeartIcon, MailCheckIcon } from '../../components/icons';
import { ReactivationForm } from '../../features/account/components/reactivation-form';
import { Page } from '../components/page';

/** Where a member lands after deleting: what happened, and the way back within the days allowed. */
export function Component() {
  const { t } = useTranslation();
  const values = { days: ACCOUNT_REACTIVATION_DAYS };
  return (
    <Page
      title={t('pages.accountDeleted.title')}
      intro={t('pages.accountDeleted.intro')}
      icon={<HeartIcon size={28} />}
      narrow
    >
      <div className="card-panel">
        <div className="auth-success">
          <span className="auth-success__icon">
            <MailCheckIcon size={30} />
          </span>
          <h2 className="h4">{t('pages.accountDeleted.emptyTitle')}</h2>
          <p>{t('pages.accountDeleted.mailText', values)}</p>
        </div>
        <div className="auth-divider text-start">
          <h2 className="h5">{t('pages.accountDeleted.resendTitle')}</h2>
          <p className="text-body-secondary">{t('pages.accountDeleted.resendText')}</p>
          <ReactivationForm />
        </div>
      </div>
      <p className="text-center mt-4">
        <Link to="/" className="fw-semibold">
          {t('actions.toStart')}
        </Link>
      </p>
    </Page>
  );
}
