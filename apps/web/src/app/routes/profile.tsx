import { useTranslation } from 'react-i18next';
import { UserIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { ProfileEditor } from '../../features/profile/components/profile-editor';
import { Page } from '../components/page';

/** The member's own profile: photos, basics, about me, details and location, each saved on its own. */
export function Component() {
  const { t } = useTranslation();
  const user = useUser();
  if (!user) return null;
  return (
    <Page title={t('pages.profile.title')} intro={t('pages.profile.intro')} icon={<UserIcon size={28} />}>
      <ProfileEditor paidUser={user.paid_user} />
    </Page>
  );
}
