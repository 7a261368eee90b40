import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HelpIcon, MailIcon } from '../../components/icons';
import { accountQueryOptions } from '../../features/account/api/get-account';
import { useUser } from '../../data/user';
import { ComplaintForm, type ComplaintSender } from '../../features/complaints/components/complaint-form';
import { useSettings } from '../../data/settings';
import { Page } from '../components/page';

/**
 * /complaints: the complaint form, open to visitors and members (a member's name and address
 * are filled in), beside the support address for those who would rather write themselves.
 */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  // The account's address, for members only; the form waits for nothing and fills it in late.
  const account = useQuery({ ...accountQueryOptions(), enabled: user !== null });
  const sender: ComplaintSender | null = user
    ? { name: user.profile.name, email: account.data?.account.email ?? '' }
    : null;

  return (
    <Page title={t('complaints.title')} intro={t('complaints.intro')} icon={<HelpIcon size={28} />}>
      <div className="complaints-layout">
        <div className="card-panel">
          <ComplaintForm sender={sender} />
        </div>
        <aside className="card-panel complaints-aside" aria-labelledby="complaints-aside-title">
          <div className="contact-card">
            <MailIcon size={24} />
            <div>
              <h2 id="complaints-aside-title" className="h5">
                {t('complaints.aside.title')}
              </h2>
              <p>{t('complaints.aside.text')}</p>
              <a className="complaints-aside__mail" href={`mailto:${settings.support_email}`}>
                {settings.support_email}
              </a>
            </div>
          </div>
          <p className="mb-0">{t('complaints.aside.response')}</p>
        </aside>
      </div>
    </Page>
  );
}
