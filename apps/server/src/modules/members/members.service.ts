import type { FastifyBaseLogger } from 'fastify';
import type { MemberProfile, ProfileCard, SiteSettings, Tracking } from '@app/shared';
import { RECENTLY_ACTIVE_HOURS, RELATED_PROFILES_LIMIT } from '@app/shared';
import type { Db } from '../../db/client.js';
import { PRESENCE_CHANNEL, publishEvent } from '../../platform/bus/events.js';
import type { Bus } from '../../platform/bus/index.js';
import type { MemberAnswers } from '../../plugins/member-answers.js';
import { AppError, authenticationRequired, notFound } from '../../errors.js';
import { ageOn } from '../accounts/accounts.rules.js';
import type { LikesService } from '../likes/likes.service.js';
import type { VisitsService } from '../visits/visits.service.js';
import { isPhotoPublic } from '../profiles/profiles.rules.js';
import type { ProfilesService } from '../profiles/profiles.service.js';
import { presentCard } from '../directory/directory.presenter.js';
import { isFindableMember } from '../directory/directory.repository.js';
import { mayViewProfile } from '../directory/directory.rules.js';
import { presentMemberProfile } from './members.presenter.js';
import {
  deleteBlock,
  findViewedMember,
  insertBlock,
  listBlocked,
  listMemberPhotos,
  listRelated,
} from './members.repository.js';
import {
  RELATED_AGE_SPREAD,
  birthDateRange,
  soughtGenders,
  visiblePhotoCount,
  visitorMayView,
} from './members.rules.js';
import type { PhotoRow } from '../../db/schema/index.js';

export interface MembersServiceDeps {
  db: Db;
  /** The viewer's own side: whom they seek, and whether they are a paid member. */
  profiles: Pick<ProfilesService, 'viewer'>;
  /** Opening a liker's profile clears the new flag of their like. */
  likes: Pick<LikesService, 'markSeen'>;
  /** Announces members whose polled answers a block changed. */
  answers: Pick<MemberAnswers, 'stale'>;
  /** Announces blocks to the live channel (PRESENCE_CHANNEL). */
  bus: Bus;
  log: FastifyBaseLogger;
  /** Opening another member's profile records a visit. */
  visits: Pick<VisitsService, 'record'>;
  now?: () => Date;
}

export type MembersService = ReturnType<typeof createMembersService>;

/** The site a request is served by: its CDN and its logged-out rules. */
export type ViewSite = Pick<SiteSettings, 'cdn_prefix' | 'logged_out_search' | 'logged_out_search_trafficsource'>;

export const cannotBlockSelf = () => new AppError(400, 'cannot_block_self');

/** Main photo first, then display order: the photos a free viewer sees always include the picture. */
function mainFirst(rows: readonly PhotoRow[]): PhotoRow[] {
  return [...rows].sort((a, b) => Number(b.isMain) - Number(a.isMain) || a.position - b.position || a.id - b.id);
}

/**
 * Viewing other members and blocking (spec sections 2, 4 and 6). Every "not there" answers the
 * same 404 not_found, so nobody can tell deleted, disabled, invisible or blocking members apart
 * from ids that never existed.
 */
export function createMembersService(deps: MembersServiceDeps) {
  const { db, profiles, likes, visits } = deps;
  const now = deps.now ?? (() => new Date());

  /** GET /api/member.php: `viewerId` null for a visitor, `tracking` the visitor's traffic source. */
  async function viewMember(
    viewerId: number | null,
    memberId: number,
    site: ViewSite,
    tracking: Tracking,
  ): Promise<MemberProfile> {
    if (viewerId === null && !visitorMayView(site, tracking)) throw authenticationRequired();
    const self = viewerId === memberId;
    const [viewed, viewer] = await Promise.all([
      findViewedMember(db, memberId, viewerId),
      viewerId === null ? null : profiles.viewer(viewerId),
    ]);
    if (!viewed) throw notFound();
    const findable = {
      deletedAt: viewed.member.deletedAt,
      invisible: viewed.member.invisible,
      profileStatus: viewed.profile.status,
    };
    if (!mayViewProfile(findable, { self, blockedByMember: viewed.blockedMe })) throw notFound();

    const today = now();
    const age = ageOn(viewed.profile.birthDate, today);
    const range = birthDateRange(Math.max(0, age - RELATED_AGE_SPREAD), age + RELATED_AGE_SPREAD, today);
    const [photoRows, related] = await Promise.all([
      listMemberPhotos(db, memberId),
      listRelated(db, {
        viewerId,
        excludeIds: viewerId === null ? [memberId] : [memberId, viewerId],
        country: viewed.profile.country,
        genders: viewer ? soughtGenders(viewer.gender, viewer.sexuality) : [viewed.profile.gender],
        bornFrom: range.from,
        bornTo: range.to,
        birthDate: viewed.profile.birthDate,
        activeSince: new Date(today.getTime() - RECENTLY_ACTIVE_HOURS * 3_600_000),
        limit: RELATED_PROFILES_LIMIT,
      }),
      // Opening a liker's profile clears the new flag of their like (spec section 4).
      viewerId === null || self ? null : likes.markSeen(viewerId, memberId),
      viewer === null || viewerId === null
        ? null
        : visits.record({
            viewerId,
            viewedId: memberId,
            self,
            viewerInvisible: viewer.invisible,
            viewerSiteRun: viewer.fictional,
            blockedEitherWay: viewed.blockedByMe || viewed.blockedMe,
            viewedNotificationsOff: viewed.member.notificationsOff,
          }),
    ]);
    // Photos waiting for review before they may show stay the owner's own (settings.photo_review).
    const photos = mainFirst(self ? photoRows : photoRows.filter((p) => isPhotoPublic(p.review)));
    return presentMemberProfile(
      viewed,
      {
        photos,
        visiblePhotos: visiblePhotoCount(photos.length, { paid: viewer?.paidUser ?? false, self }),
        interestIds: viewed.interestIds,
        related,
      },
      { cdnPrefix: site.cdn_prefix, now: today, viewerId },
    );
  }

  /** A bus failure never fails the request: the live channel's checks expire anyway (decision 0083). */
  function presenceChanged(memberIds: number[]): Promise<void> {
    return publishEvent(deps.bus, PRESENCE_CHANNEL, { type: 'presence_changed', member_ids: memberIds }).catch(
      (err: unknown) => deps.log.error({ err }, 'announcing a presence change failed'),
    );
  }

  /** POST /api/block.php: idempotent; a member who blocked the viewer can be blocked back. */
  async function block(viewerId: number, memberId: number): Promise<void> {
    if (viewerId === memberId) throw cannotBlockSelf();
    if (!(await isFindableMember(db, memberId))) throw notFound();
    await insertBlock(db, viewerId, memberId);
    await deps.answers.stale([viewerId, memberId]);
    await presenceChanged([viewerId, memberId]);
  }

  /** DELETE /api/block.php: idempotent, whatever became of the member. */
  async function unblock(viewerId: number, memberId: number): Promise<void> {
    await deleteBlock(db, viewerId, memberId);
    await deps.answers.stale([viewerId, memberId]);
    await presenceChanged([viewerId, memberId]);
  }

  /** GET /api/blocks.php. */
  async function listBlocks(viewerId: number, site: Pick<ViewSite, 'cdn_prefix'>): Promise<ProfileCard[]> {
    const rows = await listBlocked(db, viewerId);
    const context = { cdnPrefix: site.cdn_prefix, now: now(), viewerId };
    // Every member here is one the viewer blocked: the pair learns nothing of each other's presence (0083).
    return rows.map((row) => presentCard({ ...row, blocked: true }, context));
  }

  return { viewMember, block, unblock, listBlocks };
}
