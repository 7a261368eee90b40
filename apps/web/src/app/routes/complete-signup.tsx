import { useTranslation } from 'react-i18next';
import { CameraIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { SignupWizard } from '../../features/profile/components/signup-wizard';
import { Page } from '../components/page';

/**
 * After signup: the wizard that completes the profile. Confirming the e-mail address is the
 * layout's one activation prompt (a modal on a phone straight from signup), not said again here.
 */
export function Component() {
  const { t } = useTranslation();
  const user = useUser();
  if (!user) return null;
  return (
    <Page
      title={t('pages.completeSignup.title')}
      intro={t('pages.completeSignup.intro')}
      icon={<CameraIcon size={28} />}
      narrow
    >
      <SignupWizard paidUser={user.paid_user} />
    </Page>
  );
}
