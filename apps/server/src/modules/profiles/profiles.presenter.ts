import { PROFILE_OPTIONS, type OwnProfile, type Photo, type ProfileOption } from '@app/shared';
import { mediaUrl } from '../../platform/storage/index.js';
import { ageOn } from '../accounts/accounts.rules.js';
import type { MemberRow, ProfileRow } from './profiles.repository.js';
import { photoLimit } from './profiles.rules.js';
import type { PhotoRow } from '../../db/schema/index.js';

/** A photo with ready-to-use URLs: the CDN's (cdn_prefix) or this server's /media. */
export function presentPhoto(photo: PhotoRow, cdnPrefix: string): Photo {
  return {
    id: photo.id,
    position: photo.position,
    is_main: photo.isMain,
    filename: mediaUrl(cdnPrefix, photo.filename),
    thumb_filename: mediaUrl(cdnPrefix, photo.thumbFilename),
    match: mediaUrl(cdnPrefix, photo.matchFilename),
    // Only the owner ever gets a hidden photo (others' lists leave them out).
    ...(photo.review === 'pending' ? { pending_review: true as const } : {}),
  };
}

/** A stored option value, or null when it is not (or no longer) one of PROFILE_OPTIONS. */
function option<K extends ProfileOption>(key: K, value: string | null): (typeof PROFILE_OPTIONS)[K][number] | null {
  const values: readonly string[] = PROFILE_OPTIONS[key];
  return value !== null && values.includes(value) ? (value as (typeof PROFILE_OPTIONS)[K][number]) : null;
}

/** The member's own profile, field by field, so columns not meant for the client never leave. */
export function presentOwnProfile(
  member: MemberRow,
  profile: ProfileRow,
  photos: readonly PhotoRow[],
  interestIds: readonly number[],
  context: { cdnPrefix: string; today: Date },
): OwnProfile {
  return {
    id: member.id,
    name: profile.name,
    gender: profile.gender,
    sexuality: profile.sexuality,
    birth_date: profile.birthDate,
    age: ageOn(profile.birthDate, context.today),
    // The member sees what they wrote; a held text is flagged, others still see the old one.
    about: profile.aboutHeld ?? profile.about,
    ...(profile.aboutHeld === null ? {} : { about_held: true as const }),
    country: profile.country,
    region_id: profile.regionId,
    city: profile.city,
    latitude: profile.latitude,
    longitude: profile.longitude,
    hair_color: option('hair_color', profile.hairColor),
    eye_color: option('eye_color', profile.eyeColor),
    body_type: option('body_type', profile.bodyType),
    relationship_status: option('relationship_status', profile.relationshipStatus),
    tattoos: option('tattoos', profile.tattoos),
    reason: option('reason', profile.reason),
    interests: [...interestIds],
    photos: photos.map((photo) => presentPhoto(photo, context.cdnPrefix)),
    photo_limit: photoLimit(member.paidUser),
    status: profile.status,
  };
}
