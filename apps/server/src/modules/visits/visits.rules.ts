/** What decides whether opening a profile counts as a visit, as member.php has read it. */
export interface VisitFacts {
  /** The viewer opened their own profile. */
  self: boolean;
  /** Invisible mode: the viewer leaves no trace. */
  viewerInvisible: boolean;
  /** A site-run (fictional) profile: staff act for it, and staff leave no visits. */
  viewerSiteRun: boolean;
  /** Either member blocked the other. */
  blockedEitherWay: boolean;
}

/** The one rule of which profile views are recorded as visits (schemas/visits.ts). */
export function countsAsVisit(facts: VisitFacts): boolean {
  return !facts.self && !facts.viewerInvisible && !facts.viewerSiteRun && !facts.blockedEitherWay;
}

/**
 * Whether a visit is told to the visited member (push, e-mail): only when they switched visit
 * notifications on. The notifications themselves come at most once a day (see the services).
 */
export function wantsVisitNotice(notificationsOff: readonly string[]): boolean {
  return !notificationsOff.includes('visits');
}

/** The UTC day of a moment, 'YYYY-MM-DD': visit notifications go out once per member and day. */
export function visitNoticeDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
