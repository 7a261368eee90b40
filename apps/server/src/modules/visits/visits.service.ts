import {
  ADMIN_VISITS_SHOWN,
  BADGE_CAP,
  VISITORS_PAGE_SIZE,
  VISITS_KEEP_DAYS,
  type AdminMemberVisitsResponse,
  type VisitorsQuery,
  type VisitorsResponse,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Bus } from '../../platform/bus/index.js';
import type { MemberAnswers } from '../../plugins/member-answers.js';
import { VISITS_CHANNEL, publishEvent } from '../../platform/bus/events.js';
import { minutePeriod, type Job } from '../../platform/jobs/runner.js';
import { decodeCursor, encodeCursor } from '../likes/likes.rules.js';
import type { ProfilesService } from '../profiles/profiles.service.js';
import { presentStaffVisit, presentVisitor } from './visits.presenter.js';
import {
  countStaffVisits,
  countVisitors,
  deleteVisitsBefore,
  listStaffVisits,
  listVisitors,
  markVisitorsSeen,
  upsertVisit,
} from './visits.repository.js';
import { countsAsVisit, wantsVisitNotice, type VisitFacts } from './visits.rules.js';

export interface VisitsServiceDeps {
  db: Db;
  bus: Bus;
  /** Whether the viewer is a paid (premium) member. */
  profiles: Pick<ProfilesService, 'viewer'>;
  /** likes.php carries the new-visitors badge: a visit or a look at the page changes it. */
  answers: Pick<MemberAnswers, 'stale' | 'staleEverywhere'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export type VisitsService = ReturnType<typeof createVisitsService>;

/** The site a request is served by, for media URLs. */
export interface VisitsSite {
  cdn_prefix: string;
}

/** Counts go up to here: one more than a badge shows before it turns into 99+. */
export const VISITORS_COUNT_CAP = BADGE_CAP + 1;

const DAY_MS = 24 * 3_600_000;
/** Rows the visits job deletes per statement, so one run never holds a long lock. */
const ERASE_BATCH = 5_000;
/** The visits job runs once an hour across all processes. */
const ERASE_INTERVAL_MINUTES = 60;

/** A profile view as member.php read it: who, whom, and the facts countsAsVisit needs. */
export interface ProfileView extends VisitFacts {
  viewerId: number;
  viewedId: number;
  /** The viewed member's switched-off notification types (they may want to hear of visits). */
  viewedNotificationsOff: readonly string[];
}

/**
 * Profile visitors (issue 23): records visits from member.php, lists a member's visitors
 * (premium members see who, free members the counts), the new-visitors badge, and erases
 * visits VISITS_KEEP_DAYS after the pair's last one.
 */
export function createVisitsService(deps: VisitsServiceDeps) {
  const { db, bus, profiles, answers, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Records the view when it counts as a visit, and tells a member who wants to hear of it. */
  async function record(view: ProfileView): Promise<void> {
    if (!countsAsVisit(view)) return;
    const at = now();
    await upsertVisit(db, { viewerId: view.viewerId, viewedId: view.viewedId, at });
    await answers.stale([view.viewedId]);
    if (!wantsVisitNotice(view.viewedNotificationsOff)) return;
    // A notice that cannot go out must not fail the profile view.
    await publishEvent(bus, VISITS_CHANNEL, {
      type: 'visit',
      viewer_id: view.viewerId,
      viewed_id: view.viewedId,
      at: at.toISOString(),
    }).catch((err: unknown) => log.error({ err }, 'publishing a visit failed'));
  }

  /** Visitors since the member last opened the page, up to VISITORS_COUNT_CAP (the badge). */
  function newVisitorCount(memberId: number): Promise<number> {
    return countVisitors(db, memberId, VISITORS_COUNT_CAP, true);
  }

  /**
   * GET /api/visitors.php. The counts are read before the first page marks the visitors seen,
   * so the answer still tells which visitors are new.
   */
  async function listFor(viewerId: number, query: VisitorsQuery, site: VisitsSite): Promise<VisitorsResponse> {
    const at = now();
    const viewer = await profiles.viewer(viewerId);
    const premium = viewer?.paidUser ?? false;
    const before = query.before ? decodeCursor(query.before) : null;
    const [rows, total, fresh] = await Promise.all([
      premium ? listVisitors(db, { memberId: viewerId, before, limit: VISITORS_PAGE_SIZE + 1 }) : [],
      countVisitors(db, viewerId, VISITORS_COUNT_CAP, false),
      newVisitorCount(viewerId),
    ]);
    if (before === null) {
      await markVisitorsSeen(db, viewerId, at);
      await answers.stale([viewerId]);
    }
    const shown = rows.slice(0, VISITORS_PAGE_SIZE);
    const last = shown.at(-1);
    const context = { cdnPrefix: site.cdn_prefix, now: at, viewerId };
    return {
      premium_required: !premium,
      visitors: shown.map((row) => presentVisitor(row, context)),
      total,
      new_visitors: fresh,
      next: rows.length > VISITORS_PAGE_SIZE && last ? encodeCursor({ micros: last.micros, id: last.id }) : null,
    };
  }

  /**
   * GET /api/admin/member-visits.php: the member's visitors and visited profiles for the
   * console, counts and the latest ADMIN_VISITS_SHOWN each way. Reading them marks nothing seen.
   */
  async function forStaff(memberId: number): Promise<AdminMemberVisitsResponse> {
    const [visitors, visitorTotal, visited, visitedTotal] = await Promise.all([
      listStaffVisits(db, memberId, 'visitors', ADMIN_VISITS_SHOWN),
      countStaffVisits(db, memberId, 'visitors'),
      listStaffVisits(db, memberId, 'visited', ADMIN_VISITS_SHOWN),
      countStaffVisits(db, memberId, 'visited'),
    ]);
    return {
      visitors: { total: visitorTotal, latest: visitors.map(presentStaffVisit) },
      visited: { total: visitedTotal, latest: visited.map(presentStaffVisit) },
    };
  }

  /** Erases every visit whose pair was last seen more than VISITS_KEEP_DAYS ago. */
  async function eraseOld(at: Date): Promise<number> {
    const before = new Date(at.getTime() - VISITS_KEEP_DAYS * DAY_MS);
    let erased = 0;
    for (;;) {
      const count = await deleteVisitsBefore(db, before, ERASE_BATCH);
      erased += count;
      if (count < ERASE_BATCH) break;
    }
    if (erased > 0) {
      log.info({ erased }, 'erased visits past their keeping days');
      await answers.staleEverywhere();
    }
    return erased;
  }

  return {
    record,
    newVisitorCount,
    listFor,
    forStaff,
    eraseOld,
    /** The visits job, for the job runner. */
    jobs(): Job[] {
      return [
        {
          name: 'erase-visits',
          period: (at) => minutePeriod(at, ERASE_INTERVAL_MINUTES),
          run: async ({ now: at }) => void (await eraseOld(at)),
        },
      ];
    },
  };
}
