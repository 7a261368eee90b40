import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CameraIcon } from '../../components/icons';
import { PromptFrame } from './prompt-frame';

/** The profile-photo prompt (spec section 4): a member without a main image is asked to add one. */
export function ProfilePhotoPrompt({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <PromptFrame
      id="profile-photo-alert"
      title={t('profilePhotoAlert.title')}
      text={t('profilePhotoAlert.text')}
      icon={<CameraIcon size={20} />}
      actions={
        <Link to="/profile" className="btn btn-sm btn-primary">
          {t('profilePhotoAlert.action')}
        </Link>
      }
      dismiss={{ label: t('profilePhotoAlert.dismiss'), onClick: onDismiss }}
    />
  );
}
