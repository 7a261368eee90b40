import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { CameraIcon, UserIcon } from '../../components/icons';
import { useUser } from '../../features/account/api/get-user';
import { useSettings } from '../../features/settings/api/get-settings';
import { mediaUrl } from '../../lib/media';
import { Page } from '../components/page';

/** The member's own profile as others see it. */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  if (!user) return null;
  const image = user.profile.main_image;
  return (
    <Page title={t('pages.profile.title')} intro={t('pages.profile.intro')} icon={<UserIcon size={28} />}>
      <div className="profile-card">
        <Avatar
          name={user.profile.name}
          src={image ? mediaUrl(settings.cdn_prefix, image.thumb_filename) : null}
          size={96}
        />
        <div>
          <h2 className="profile-card__name">{user.profile.name}</h2>
          <p className="profile-card__meta">{user.profile.country}</p>
        </div>
      </div>
      {!image && (
        <EmptyState
          icon={<CameraIcon size={28} />}
          title={t('pages.profile.noPhotoTitle')}
          text={t('pages.profile.noPhotoText')}
          action={
            <Link className="btn btn-primary" to="/complete-signup">
              {t('pages.profile.addPhoto')}
            </Link>
          }
        />
      )}
    </Page>
  );
}
