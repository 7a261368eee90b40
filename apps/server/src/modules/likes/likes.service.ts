import type { LikeResponse, LikesList, LikesQuery, LikesResponse, ProfileCard } from '@app/shared';
import { AUTO_LIKE_QUIET_HOURS, BADGE_CAP, LIKES_PAGE_SIZE } from '@app/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Bus } from '../../platform/bus/index.js';
import { LIKES_CHANNEL, publishEvent, type LikesChannelEvent } from '../../platform/bus/events.js';
import type { MemberAnswers } from '../../plugins/member-answers.js';
import { presentCard } from '../directory/directory.presenter.js';
import { findableCard, isReachable } from '../directory/directory.repository.js';
import { soughtGenders } from '../members/members.rules.js';
import { viewerProfile } from '../profiles/profiles.service.js';
import { presentLikeEntry } from './likes.presenter.js';
import {
  countNewLikes,
  deleteLike,
  findAutoLiker,
  hasLike,
  insertLike,
  latestAutoLike,
  listGiven,
  listMatches,
  markMatched,
  listReceived,
  lockPair,
  markLikeSeen,
  receivedLikeSince,
  type LikeRow,
  type LikeSource,
  type ListPage,
} from './likes.repository.js';
import { decodeCursor, encodeCursor, localDay } from './likes.rules.js';
import type { VisitsService } from '../visits/visits.service.js';

export interface LikesServiceDeps {
  db: Db;
  bus: Bus;
  /** Announces members whose likes lists changed. */
  answers: Pick<MemberAnswers, 'stale'>;
  /** The visitors badge rides on the likes poll (new_visitors). */
  visits: Pick<VisitsService, 'newVisitorCount'>;
  now?: () => Date;
}

export type LikesService = ReturnType<typeof createLikesService>;

/** The site a request is served by, for media URLs. */
export interface LikesSite {
  cdn_prefix: string;
}

/** new_likes counts up to here: one more than the badge shows before it turns into 99+. */
export const NEW_LIKES_CAP = BADGE_CAP + 1;

export const cannotLikeSelf = () => new AppError(400, 'cannot_like_self');

/** What a like inside a caller's transaction did; `events` go out once it commits. */
export interface LikeOutcome {
  match: boolean;
  events: LikesChannelEvent[];
}

/**
 * Likes and matches (spec sections 2, 3, 4 and 7). Like and swipe calls hold the pair's row
 * locks (lockPair) while they write, so a match is always noticed by exactly one of the two
 * likes, and its events are published only after the transaction commits.
 */
export function createLikesService(deps: LikesServiceDeps) {
  const { db, bus } = deps;
  const now = deps.now ?? (() => new Date());

  /** After the likes' transaction committed: both members' lists changed, and whoever listens hears of it. */
  async function publish(events: readonly LikesChannelEvent[]): Promise<void> {
    await deps.answers.stale(events.flatMap((e) => (e.type === 'like' ? [e.liker_id, e.liked_id] : e.member_ids)));
    for (const event of events) await publishEvent(bus, LIKES_CHANNEL, event);
  }

  /** 404 unless the viewer may reach the member (isReachable). */
  async function assertReachable(tx: DbOrTx, viewerId: number, memberId: number): Promise<void> {
    if (!(await isReachable(tx, viewerId, memberId))) throw notFound();
  }

  /**
   * Likes `likedId` inside the caller's transaction, which already holds lockPair of the two.
   * A repeated like changes nothing and reports no event; `match` is true whenever both liked.
   */
  async function likeLocked(
    tx: DbOrTx,
    likerId: number,
    likedId: number,
    source: LikeSource,
    at: Date,
  ): Promise<LikeOutcome> {
    const created = await insertLike(tx, { likerId, likedId, source, createdAt: at });
    const match = await hasLike(tx, likedId, likerId);
    if (created && match) await markMatched(tx, likerId, likedId, at);
    const events: LikesChannelEvent[] = [];
    if (created) {
      events.push({ type: 'like', liker_id: likerId, liked_id: likedId, source, at: at.toISOString() });
      if (match) {
        const ids: [number, number] = likerId < likedId ? [likerId, likedId] : [likedId, likerId];
        events.push({ type: 'match', member_ids: ids, at: at.toISOString() });
      }
    }
    return { match, events };
  }

  /** POST /api/like.php. */
  async function like(viewerId: number, memberId: number): Promise<LikeResponse> {
    if (viewerId === memberId) throw cannotLikeSelf();
    const outcome = await db.transaction(async (tx) => {
      await lockPair(tx, viewerId, memberId);
      await assertReachable(tx, viewerId, memberId);
      return likeLocked(tx, viewerId, memberId, 'profile', now());
    });
    await publish(outcome.events);
    return { liked: true, match: outcome.match };
  }

  /** DELETE /api/like.php: idempotent, whatever became of the member. */
  async function unlike(viewerId: number, memberId: number): Promise<LikeResponse> {
    await db.transaction(async (tx) => {
      await lockPair(tx, viewerId, memberId);
      await deleteLike(tx, viewerId, memberId);
    });
    await deps.answers.stale([viewerId, memberId]);
    return { liked: false, match: false };
  }

  /** How many new likes the member has, up to NEW_LIKES_CAP (the likes list's and the pushes' badge). */
  function newLikeCount(memberId: number): Promise<number> {
    return countNewLikes(db, memberId, NEW_LIKES_CAP);
  }

  /** POST /api/likes-seen.php: the like the viewer received from `memberId` is no longer new. */
  async function markSeen(viewerId: number, memberId: number): Promise<void> {
    // Opening any profile calls this: only a like that was new changes the lists.
    if (await markLikeSeen(db, memberId, viewerId, now())) await deps.answers.stale([viewerId, memberId]);
  }

  const lists: Record<LikesList, (db: DbOrTx, q: ListPage) => Promise<LikeRow[]>> = {
    given: listGiven,
    received: listReceived,
    matches: listMatches,
  };

  /** GET /api/likes.php: the first page of every list, or the next page of one (see the contract). */
  async function listLikes(viewerId: number, query: LikesQuery, site: LikesSite): Promise<LikesResponse> {
    const context = { cdnPrefix: site.cdn_prefix, now: now(), viewerId };
    const page = async (list: LikesList) => {
      if (query.list !== undefined && query.list !== list) return { entries: [], next: null };
      const before = query.list === list && query.before ? decodeCursor(query.before) : null;
      const rows = await lists[list](db, { memberId: viewerId, before, limit: LIKES_PAGE_SIZE + 1 });
      const shown = rows.slice(0, LIKES_PAGE_SIZE);
      const last = shown.at(-1);
      return {
        entries: shown.map((row) => presentLikeEntry(row, context)),
        next: rows.length > LIKES_PAGE_SIZE && last ? encodeCursor({ micros: last.micros, id: last.id }) : null,
      };
    };
    const [given, received, matches, newLikes, newVisitors] = await Promise.all([
      page('given'),
      page('received'),
      page('matches'),
      newLikeCount(viewerId),
      deps.visits.newVisitorCount(viewerId),
    ]);
    return {
      profiles: given.entries,
      liked_by: received.entries,
      matches: matches.entries,
      new_likes: newLikes,
      new_visitors: newVisitors,
      next: { given: given.next, received: received.next, matches: matches.next },
    };
  }

  /**
   * GET /api/auto-like.php. The member's row lock makes parallel calls queue, so a day never
   * gets two auto-likes; within the day the same profile is answered again while it is there.
   */
  async function autoLike(viewerId: number, site: LikesSite): Promise<ProfileCard | null> {
    const at = now();
    const result = await db.transaction(async (tx) => {
      await lockPair(tx, viewerId, viewerId);
      const own = await viewerProfile(tx, viewerId);
      if (!own || own.memberStatus !== 'confirmed' || own.profileStatus !== 'active' || own.invisible) return null;
      const { gender, sexuality, country } = own;
      const today = localDay(at, country);
      const latest = await latestAutoLike(tx, viewerId);
      if (latest && localDay(latest.createdAt, country) === today) {
        const card = await findableCard(tx, latest.likerId, viewerId);
        return card ? { card, events: [] } : null;
      }
      if (await receivedLikeSince(tx, viewerId, new Date(at.getTime() - AUTO_LIKE_QUIET_HOURS * 3_600_000))) {
        return null;
      }
      const card = await findAutoLiker(tx, {
        memberId: viewerId,
        gender,
        genders: soughtGenders(gender, sexuality),
        country,
      });
      if (!card) return null;
      const outcome = await likeLocked(tx, card.id, viewerId, 'auto', at);
      return { card, events: outcome.events };
    });
    if (!result) return null;
    await publish(result.events);
    return presentCard(result.card, { cdnPrefix: site.cdn_prefix, now: at, viewerId });
  }

  return {
    like,
    unlike,
    markSeen,
    listLikes,
    autoLike,
    newLikeCount,
    likeLocked,
    assertReachable,
    publish,
    /** Locks the two members' rows in the caller's transaction (see lockPair). */
    lockPair,
    /** Whether `likerId` likes `likedId`, in the caller's transaction when given one. */
    hasLike,
  };
}
