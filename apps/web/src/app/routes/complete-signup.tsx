import { useTranslation } from 'react-i18next';
import { CameraIcon, MailCheckIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { SignupWizard } from '../../features/profile/components/signup-wizard';
import { Page } from '../components/page';

/**
 * After signup: confirm the e-mail address first (the layout's activation reminder offers the
 * resend), then the wizard that completes the profile.
 */
export function Component() {
  const { t } = useTranslation();
  const user = useUser();
  if (!user) return null;
  const unconfirmed = user.status === 'not_confirmed';
  return (
    <Page
      title={t('pages.completeSignup.title')}
      intro={t('pages.completeSignup.intro')}
      icon={<CameraIcon size={28} />}
      narrow
    >
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
      <SignupWizard paidUser={user.paid_user} />
    </Page>
  );
}
