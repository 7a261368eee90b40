import type { LikeEntry, LikesList, LikesResponse } from './api/contract';

/** The likes page's tabs, in the order the spec names them; /likes is the first. */
export const LIKES_TABS = ['received', 'given', 'matches'] as const satisfies readonly LikesList[];

/** The tab of /likes/{type}, or null for a type the site does not have. */
export function parseLikesTab(type: string | undefined): LikesList | null {
  if (type === undefined) return 'received';
  return (LIKES_TABS as readonly string[]).includes(type) ? (type as LikesList) : null;
}

/** The entries of one list in the first-page answer. */
export function entriesOf(data: LikesResponse, list: LikesList): LikeEntry[] {
  return list === 'given' ? data.profiles : list === 'received' ? data.liked_by : data.matches;
}

/** Later pages appended to the first, each member once (a like may move while paging). */
export function mergeEntries(first: LikeEntry[], more: LikeEntry[]): LikeEntry[] {
  const seen = new Set(first.map((entry) => entry.id));
  return [...first, ...more.filter((entry) => !seen.has(entry.id) && seen.add(entry.id))];
}

/**
 * The like modal's delay from the query parameter t (spec section 4): whole or decimal seconds,
 * as a number; anything else (missing, empty, negative, not a number) opens no modal.
 */
export function parseLikeModalDelay(t: string | null): number | null {
  if (t === null || !/^\d+(\.\d+)?$/.test(t.trim())) return null;
  const seconds = Number(t.trim());
  return Number.isFinite(seconds) ? seconds * 1000 : null;
}

/**
 * Whether the like modal may open: a logged-in member, a delay asked for, and a profile that
 * liked them to show.
 */
export function shouldOpenLikeModal(input: { loggedIn: boolean; delay: number | null; hasProfile: boolean }): boolean {
  return input.loggedIn && input.delay !== null && input.hasProfile;
}
