import { DISMISSAL_KEYS } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CameraIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { dismiss, isDismissed } from '../../lib/storage';
import { useCurrentRoute } from '../hooks/use-current-route';
import { shouldShowProfilePhotoAlert } from '../rules';
import './profile-photo-alert.scss';

/**
 * The profile-photo alert of the default layout's warning banners (spec section 4): a member
 * without a main image is asked to add one, until they dismiss it (stored with a timestamp).
 */
export function ProfilePhotoAlert() {
  const { t } = useTranslation();
  const user = useUser();
  const route = useCurrentRoute();
  const [dismissed, setDismissed] = useState(() => isDismissed(DISMISSAL_KEYS.enrich));
  if (!route || !shouldShowProfilePhotoAlert({ user, routeName: route.name, dismissed })) return null;

  function handleDismiss() {
    dismiss(DISMISSAL_KEYS.enrich);
    setDismissed(true);
  }

  return (
    <div
      id="profile-photo-alert"
      className="profile-photo-alert"
      role="region"
      aria-label={t('profilePhotoAlert.title')}
    >
      <div className="container profile-photo-alert__inner">
        <span className="profile-photo-alert__icon" aria-hidden="true">
          <CameraIcon size={20} />
        </span>
        <p className="profile-photo-alert__text">
          <strong>{t('profilePhotoAlert.title')}</strong> {t('profilePhotoAlert.text')}
        </p>
        <div className="profile-photo-alert__actions">
          <Link to="/profile" className="btn btn-sm btn-primary">
            {t('profilePhotoAlert.action')}
          </Link>
          <button
            type="button"
            className="profile-photo-alert__close"
            aria-label={t('profilePhotoAlert.dismiss')}
            onClick={handleDismiss}
          >
            <svg
              width={18}
              height={18}
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
      </div>
    </div>
  );
}
