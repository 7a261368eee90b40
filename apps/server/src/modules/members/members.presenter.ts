import type { MemberProfile, Photo } from '@app/shared';
import { presentCard, type PresentContext } from '../directory/directory.presenter.js';
import type { CardRow } from '../directory/directory.repository.js';
import { presentOwnProfile, presentPhoto } from '../profiles/profiles.presenter.js';
import type { PhotoRow } from '../../db/schema/index.js';
import type { ViewedMemberRow } from './members.repository.js';

/**
 * Another member's profile for one viewer. Only `visiblePhotos` are turned into URLs; the rest
 * are counted, so a locked photo's address is never in the answer. The own-profile presenter
 * supplies the option fields, so both views read them the same way.
 */
export function presentMemberProfile(
  viewed: ViewedMemberRow,
  input: {
    photos: readonly PhotoRow[];
    visiblePhotos: number;
    interestIds: readonly number[];
    related: readonly CardRow[];
  },
  context: PresentContext,
): MemberProfile {
  const { member, profile } = viewed;
  const own = presentOwnProfile(member, profile, [], input.interestIds, {
    cdnPrefix: context.cdnPrefix,
    today: context.now,
  });
  const main = input.photos.find((p) => p.isMain) ?? input.photos[0] ?? null;
  const photos: Photo[] = input.photos.slice(0, input.visiblePhotos).map((p) => presentPhoto(p, context.cdnPrefix));
  return {
    ...presentCard(
      {
        id: member.id,
        fictional: member.fictional,
        invisible: member.invisible,
        name: profile.name,
        birthDate: profile.birthDate,
        city: profile.city,
        regionId: profile.regionId,
        country: profile.country,
        lastActiveAt: profile.lastActiveAt,
        thumbFilename: main?.thumbFilename ?? null,
        matchFilename: main?.matchFilename ?? null,
        verified: profile.verifiedPhotoId !== null,
        // A member the viewer blocked stays viewable (to unblock), without their presence.
        blocked: viewed.blockedByMe || viewed.blockedMe,
      },
      context,
    ),
    gender: own.gender,
    sexuality: own.sexuality,
    // The public text: a new one held for review (own.about) is for its writer only.
    about: profile.about,
    hair_color: own.hair_color,
    eye_color: own.eye_color,
    body_type: own.body_type,
    relationship_status: own.relationship_status,
    tattoos: own.tattoos,
    reason: own.reason,
    interests: own.interests,
    photos,
    locked_photos: input.photos.length - photos.length,
    blocked_by_me: viewed.blockedByMe,
    related: input.related.map((row) => presentCard(row, context)),
  };
}
