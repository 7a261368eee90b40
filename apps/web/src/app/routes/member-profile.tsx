import { useTranslation } from 'react-i18next';
import { UserIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

/** A member's profile (also opened from a like, /likes/m/:id). */
export function Component() {
  const { t } = useTranslation();
  return (
    <IntroPage page="memberProfile" icon={<UserIcon size={28} />} action={{ to: '/members', label: t('actions.discover') }} />
  );
}
