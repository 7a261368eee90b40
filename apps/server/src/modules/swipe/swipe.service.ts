import type { SwipeAction, SwipeCardsResponse, SwipeResponse } from '@app/shared';
import { SWIPE_CARDS_LIMIT, SWIPE_LIKES_PER_DAY } from '@app/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, authenticationRequired } from '../../errors.js';
import { presentCard } from '../directory/directory.presenter.js';
import { localDay } from '../likes/likes.rules.js';
import { cannotLikeSelf, type LikesService, type LikesSite } from '../likes/likes.service.js';
import { soughtGenders } from '../members/members.rules.js';
import { viewerProfile } from '../profiles/profiles.service.js';
import { countSwipeLikes, findSwipe, insertSwipe, listSwipeCards } from './swipe.repository.js';

export interface SwipeServiceDeps {
  db: Db;
  likes: Pick<LikesService, 'likeLocked' | 'assertReachable' | 'publish' | 'lockPair' | 'hasLike'>;
  now?: () => Date;
}

export type SwipeService = ReturnType<typeof createSwipeService>;

export const swipeLimitReached = () =>
  new AppError(409, 'swipe_limit_reached', undefined, { limit: SWIPE_LIKES_PER_DAY });

/**
 * The swipe game (spec sections 2 and 9): cards to decide on, and at most SWIPE_LIKES_PER_DAY
 * likes per member per calendar day in their own time zone. Each decision holds the member's
 * row lock (lockPair) while it counts and writes, so parallel likes at the limit queue and only
 * the ones within it pass.
 */
export function createSwipeService(deps: SwipeServiceDeps) {
  const { db, likes } = deps;
  const now = deps.now ?? (() => new Date());

  async function ownProfile(tx: DbOrTx, viewerId: number) {
    const own = await viewerProfile(tx, viewerId);
    if (!own) throw authenticationRequired();
    return own;
  }

  /** GET /api/swipe.php. */
  async function cards(viewerId: number, site: LikesSite): Promise<SwipeCardsResponse> {
    const at = now();
    const profile = await ownProfile(db, viewerId);
    const [rows, used] = await Promise.all([
      listSwipeCards(db, {
        memberId: viewerId,
        gender: profile.gender,
        genders: soughtGenders(profile.gender, profile.sexuality),
        country: profile.country,
        limit: SWIPE_CARDS_LIMIT,
      }),
      countSwipeLikes(db, viewerId, localDay(at, profile.country)),
    ]);
    const context = { cdnPrefix: site.cdn_prefix, now: at, viewerId };
    return {
      cards: rows.map((row) => presentCard(row, context)),
      likes_left: Math.max(0, SWIPE_LIKES_PER_DAY - used),
      limit: SWIPE_LIKES_PER_DAY,
    };
  }

  /** POST /api/swipe.php: a second decision on the same card changes nothing. */
  async function decide(viewerId: number, targetId: number, action: SwipeAction): Promise<SwipeResponse> {
    if (viewerId === targetId) throw cannotLikeSelf();
    const at = now();
    const result = await db.transaction(async (tx) => {
      await likes.lockPair(tx, viewerId, targetId);
      const profile = await ownProfile(tx, viewerId);
      await likes.assertReachable(tx, viewerId, targetId);
      const day = localDay(at, profile.country);
      const used = await countSwipeLikes(tx, viewerId, day);
      const left = (likesUsed: number) => Math.max(0, SWIPE_LIKES_PER_DAY - likesUsed);
      const earlier = await findSwipe(tx, viewerId, targetId);
      if (earlier) {
        const match =
          earlier === 'like' &&
          (await likes.hasLike(tx, viewerId, targetId)) &&
          (await likes.hasLike(tx, targetId, viewerId));
        return { likes_left: left(used), match, events: [] };
      }
      if (action === 'pass') {
        await insertSwipe(tx, { memberId: viewerId, targetId, action, day, createdAt: at });
        return { likes_left: left(used), match: false, events: [] };
      }
      if (used >= SWIPE_LIKES_PER_DAY) throw swipeLimitReached();
      await insertSwipe(tx, { memberId: viewerId, targetId, action, day, createdAt: at });
      const outcome = await likes.likeLocked(tx, viewerId, targetId, 'swipe', at);
      return { likes_left: left(used + 1), match: outcome.match, events: outcome.events };
    });
    await likes.publish(result.events);
    return { likes_left: result.likes_left, match: result.match };
  }

  return { cards, decide };
}
