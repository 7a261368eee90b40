import { DEFAULT_LOCALE, EmailDisabledReasonSchema, isLocale, type EmailDisabledReason, type User } from '@app/shared';
import { mediaUrl } from '../../platform/storage/index.js';
import type { UserRow } from './accounts.repository.js';

/** What the member's own domain contributes to the answer. */
export interface UserSiteContext {
  fictionalIcon: string;
  /** The settings' cdn_prefix: photo URLs point at the CDN, or at /media on this server. */
  cdnPrefix: string;
}

/**
 * The logged-in member as the client sees it (spec section 3). Built field by field from the
 * rows, so the password hash, the e-mail address and other private columns never leave. Photo
 * fields are ready-to-use URLs of the stored keys.
 */
export function presentUser({ member, profile, mainPhoto }: UserRow, site: UserSiteContext): User {
  const url = (key: string) => mediaUrl(site.cdnPrefix, key);
  return {
    status: member.status,
    credits: member.credits,
    paid_user: member.paidUser,
    signup_date: member.signupDate.toISOString(),
    language: isLocale(member.language) ? member.language : DEFAULT_LOCALE,
    fictional_icon: site.fictionalIcon,
    notifications_disabled: member.notificationsDisabled.filter(
      (r): r is EmailDisabledReason => EmailDisabledReasonSchema.safeParse(r).success,
    ),
    verification_notice: profile?.verificationNotice ?? null,
    profile: {
      id: member.id,
      name: profile?.name ?? '',
      country: profile?.country ?? '',
      status: profile?.status ?? 'disabled',
      main_image: mainPhoto
        ? {
            filename: url(mainPhoto.filename),
            thumb_filename: url(mainPhoto.thumbFilename),
            match: url(mainPhoto.matchFilename),
          }
        : null,
    },
  };
}
