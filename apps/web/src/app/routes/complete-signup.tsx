import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { CameraIcon, MailCheckIcon } from '../../components/icons';
import { useUser } from '../../features/account/api/get-user';
import { Page } from '../components/page';

/**
 * After signup: confirm the e-mail address first (the layout's activation reminder offers the
 * resend); photo, location and more come next.
 */
export function Component() {
  const { t } = useTranslation();
  const user = useUser();
  const unconfirmed = user?.status === 'not_confirmed';
  return (
    <Page title={t('pages.completeSignup.title')} intro={t('pages.completeSignup.intro')} icon={<CameraIcon size={28} />}>
      {unconfirmed && (
        <section className="card-panel check-mail mb-4" aria-labelledby="check-mail-title">
          <span className="empty-state__icon">
            <MailCheckIcon size={28} />
          </span>
          <h2 id="check-mail-title" className="h4">
            {t('activation.checkMailTitle')}
          </h2>
          <p className="mb-0">{t('activation.checkMailText')}</p>
        </section>
      )}
      <EmptyState
        icon={<CameraIcon size={28} />}
        title={t('pages.completeSignup.emptyTitle')}
        text={t('pages.completeSignup.emptyText')}
        action={
          <Link className="btn btn-primary" to="/profile">
            {t('actions.toProfile')}
          </Link>
        }
      />
    </Page>
  );
}
