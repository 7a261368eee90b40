import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { VerifiedBadge } from '../../../components/verified-badge';
import { CameraIcon, CompassIcon, HeartIcon, SparklesIcon, UserIcon } from '../../../components/icons';
import { currentLocale } from '../../../lib/i18n';
import { useSettings } from '../../../data/settings';
import type { OwnProfile } from '../api/contract';
import { useProfile } from '../api/get-profile';
import { profileSections } from '../rules';
import { AboutFields } from './about-form';
import { BasicsFields } from './basics-form';
import { DetailsFields } from './details-form';
import { LocationFields } from './location-form';
import { PhotoManager } from './photo-manager';
import { ProfileForm } from './profile-form';
import { ProfileLoadError } from './profile-load-error';
import { ProfileSection, ProfileSkeleton } from './profile-section';
import './profile.scss';

// Its own chunk: most visits of /profile never ask for the badge.
const VerificationPanel = lazy(() => import('./verification-panel'));

/**
 * The own-profile editor of /profile: photos first (each change saved at once), then one card
 * per section, all of them one form with one save, so no card's edit is left behind.
 */
export function ProfileEditor({ paidUser }: { paidUser: boolean }) {
  const { t } = useTranslation();
  const query = useProfile();
  if (query.isPending) return <ProfileSkeleton label={t('profile.loading')} />;
  if (query.isError) return <ProfileLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <ProfileSections profile={query.data.profile} paidUser={paidUser} />;
}

function ProfileSections({ profile, paidUser }: { profile: OwnProfile; paidUser: boolean }) {
  const { t } = useTranslation();
  const sections = profileSections(useSettings());
  const main = profile.photos.find((photo) => photo.is_main) ?? null;
  return (
    <div className="profile-editor">
      <div className="profile-editor__aside">
        <div className="profile-summary">
          {main ? (
            <img className="profile-summary__photo" src={main.thumb_filename} alt="" width={72} height={72} />
          ) : (
            <span className="profile-summary__photo profile-summary__photo--empty" aria-hidden="true">
              {profile.name.trim().charAt(0).toUpperCase() || '?'}
            </span>
          )}
          <div>
            <p className="profile-summary__name">
              {profile.name}, {profile.age}
            </p>
            <p className="profile-summary__meta">
              {[profile.city, new Intl.DisplayNames([currentLocale()], { type: 'region' }).of(profile.country)]
                .filter(Boolean)
                .join(', ')}
            </p>
          </div>
        </div>
        <ProfileSection
          title={t('profile.photos.title')}
          intro={t('profile.photos.intro')}
          icon={<CameraIcon size={20} />}
        >
          <PhotoManager profile={profile} paidUser={paidUser} />
        </ProfileSection>
        <ProfileSection
          title={t('profile.verification.title')}
          intro={t('profile.verification.about')}
          icon={<VerifiedBadge size={20} className="profile-section__badge" />}
        >
          <Suspense fallback={<p className="verification__note">{t('profile.verification.loading')}</p>}>
            <VerificationPanel hasPhoto={main !== null} />
          </Suspense>
        </ProfileSection>
      </div>
      <ProfileForm
        profile={profile}
        parts={['basics', 'about', 'details', 'location']}
        className="profile-editor__main"
      >
        <ProfileSection title={t('profile.basics.title')} icon={<UserIcon size={20} />}>
          <div className="profile-form">
            <BasicsFields />
          </div>
        </ProfileSection>
        {sections.about && (
          <ProfileSection
            title={t('profile.about.title')}
            intro={t('profile.about.intro')}
            icon={<SparklesIcon size={20} />}
          >
            <div className="profile-form">
              <AboutFields profile={profile} />
            </div>
          </ProfileSection>
        )}
        {(sections.options.length > 0 || sections.interests) && (
          <ProfileSection
            title={t('profile.details.title')}
            intro={t('profile.details.intro')}
            icon={<HeartIcon size={20} />}
          >
            <div className="profile-form">
              <DetailsFields />
            </div>
          </ProfileSection>
        )}
        <ProfileSection
          title={t('profile.location.title')}
          intro={t('profile.location.intro')}
          icon={<CompassIcon size={20} />}
        >
          <div className="profile-form">
            <LocationFields />
          </div>
        </ProfileSection>
      </ProfileForm>
    </div>
  );
}
