import { createHash, randomBytes } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_COOKIE, AUTH_COOKIE_DAYS, LAST_ACTIVE_THROTTLE_MINUTES, ONLINE_MINUTES } from '@app/shared';
import type { Config } from '../config.js';
import type { Db, DbOrTx } from '../db/client.js';
import { authenticationRequired } from '../errors.js';
import {
  publishEvent,
  SESSIONS_CHANNEL,
  SessionsChannelEventSchema,
  type SessionsChannelEvent,
} from '../platform/bus/events.js';
import type { Bus } from '../platform/bus/index.js';
import type { MemberAnswers } from './member-answers.js';
import { deleteSession, insertSession, noteActivity, prepareFindSessionMember } from './session.repository.js';

/**
 * The member a request is made by. Only the id: modules load what they need themselves. The
 * session id (the stored hash of the token, never the token) lets the live channel close a
 * tab when its session ends.
 */
export interface SessionMember {
  id: number;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member, or null for a visitor. Set for /api requests only. */
    member: SessionMember | null;
  }
}

const SESSION_MS = AUTH_COOKIE_DAYS * 24 * 60 * 60 * 1000;
const LAST_ACTIVE_THROTTLE_MS = LAST_ACTIVE_THROTTLE_MINUTES * 60 * 1000;
const ONLINE_MS = ONLINE_MINUTES * 60 * 1000;
/**
 * How long a session is remembered without asking the database again. Only a safety net: every
 * way a session ends announces it (`ended`), and expiry is checked against the
 * remembered end. Longer than the 60 s poll, so a polling tab is served from memory.
 */
const SESSION_MEMORY_MS = 5 * 60 * 1000;
/** A remembered session is ~200 bytes: 50,000 are about 10 MB. */
const MAX_REMEMBERED_SESSIONS = 50_000;

/** Tokens are 32 random bytes in base64url: 43 characters. Anything far off is not ours. */
const TOKEN_PATTERN = /^[\w-]{40,64}$/;

/** Only this hash is stored, so a copy of the database logs nobody in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Starts a session for a member (login, signup) and returns the raw token for the cookie.
 * The token exists only in the member's cookie; the database keeps its hash.
 */
export async function createSession(
  db: DbOrTx,
  memberId: number,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_MS);
  await insertSession(db, { tokenHash: hashToken(token), memberId, expiresAt });
  return { token, expiresAt };
}

/** Ends the session of a raw token (logout); unknown tokens are ignored. */
export async function destroySession(db: DbOrTx, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}

interface RememberedSession {
  memberId: number;
  expiresAt: number;
  /** The profile's last activity as this process last read or wrote it. */
  lastActiveAt: Date | null;
  rememberedUntil: number;
}

/** The sessions this process remembers, forgotten on every announcement that one ended. */
export type Sessions = ReturnType<typeof createSessions>;

/**
 * Sessions live in the database, so any process can serve any request; each process remembers
 * the ones it resolved (token hash → member), so a poll costs no query. Every way a session ends
 * (logout, a new login, password change or reset, ban, deletion) announces it through `ended`
 * once the deletion committed: this process forgets it at once, every other process through the
 * bus, and the live channel closes the tabs opened on it.
 */
export function createSessions(deps: { bus: Bus; log: FastifyBaseLogger }) {
  /** In least-recently-used order: a hit moves its entry to the end. */
  const byHash = new Map<string, RememberedSession>();
  const byMember = new Map<number, Set<string>>();
  let epoch = 0;

  function drop(hash: string): void {
    const found = byHash.get(hash);
    if (!found) return;
    byHash.delete(hash);
    const hashes = byMember.get(found.memberId);
    hashes?.delete(hash);
    if (hashes?.size === 0) byMember.delete(found.memberId);
  }

  function forget(event: SessionsChannelEvent): void {
    epoch += 1;
    if (event.type === 'session_ended') {
      drop(event.session_id);
      return;
    }
    for (const hash of [...(byMember.get(event.member_id) ?? [])]) {
      if (hash !== event.kept_session_id) drop(hash);
    }
  }

  return {
    /** Counts announcements: a lookup begun before one may not store what it read. */
    epoch: () => epoch,

    find(hash: string, now: number): RememberedSession | null {
      const found = byHash.get(hash);
      if (!found) return null;
      if (found.expiresAt <= now || found.rememberedUntil <= now) {
        drop(hash);
        return null;
      }
      byHash.delete(hash);
      byHash.set(hash, found);
      return found;
    },

    /** Stores a session read from the database, unless an announcement came since `since`. */
    remember(
      hash: string,
      session: Omit<RememberedSession, 'rememberedUntil'>,
      since: number,
      now: number,
    ): RememberedSession {
      const entry = { ...session, rememberedUntil: now + SESSION_MEMORY_MS };
      if (since !== epoch) return entry;
      drop(hash);
      byHash.set(hash, entry);
      let hashes = byMember.get(session.memberId);
      if (!hashes) byMember.set(session.memberId, (hashes = new Set()));
      hashes.add(hash);
      if (byHash.size > MAX_REMEMBERED_SESSIONS) drop(byHash.keys().next().value!);
      return entry;
    },

    /**
     * After sessions' deletion committed. A bus failure is only logged: the sessions are gone
     * from the database, and other processes forget them within SESSION_MEMORY_MS.
     */
    async ended(event: SessionsChannelEvent): Promise<void> {
      forget(event);
      await publishEvent(deps.bus, SESSIONS_CHANNEL, event).catch((err: unknown) =>
        deps.log.error({ err, memberId: event.member_id, type: event.type }, 'announcing ended sessions failed'),
      );
    },

    /** Forgets on every announcement, this process's own included; answers the unsubscribe. */
    start(): Promise<() => Promise<void>> {
      return deps.bus.subscribe(SESSIONS_CHANNEL, (event) => {
        const parsed = SessionsChannelEventSchema.safeParse(event);
        if (parsed.success) forget(parsed.data);
      });
    },
  };
}

/**
 * Sets the auth cookie: httpOnly so scripts never see it, SameSite=Lax against cross-site
 * posts, 30 days (spec section 9), Secure when the site is served over HTTPS.
 */
export function setSessionCookie(reply: FastifyReply, token: string, config: Pick<Config, 'secureCookies'>): void {
  reply.setCookie(AUTH_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: SESSION_MS / 1000,
  });
}

/** Removes the auth cookie (logout). */
export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'secureCookies'>): void {
  reply.clearCookie(AUTH_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}

/**
 * Route hook for member-only calls: visitors get 403 authentication_required, on which the
 * client logs out (spec section 8). Use it as onRequest so a visitor's body is never parsed.
 */
export async function requireMember(request: FastifyRequest): Promise<void> {
  if (!request.member) throw authenticationRequired();
}

/** The id of the logged-in member; for handlers behind requireMember. */
export function memberId(request: FastifyRequest): number {
  return sessionMember(request).id;
}

/** The logged-in member with the request's session; for handlers behind requireMember. */
export function sessionMember(request: FastifyRequest): SessionMember {
  if (!request.member) throw authenticationRequired();
  return request.member;
}

/**
 * Notes members active (shown as online / recently active) in one statement, each at most once
 * per LAST_ACTIVE_THROTTLE_MINUTES across processes; the answers showing those it brings back
 * online are stale. For requests (one member) and for the open live channels (the members with a
 * tab, a slice at a time, without a request: they count as online while a tab is open).
 */
export async function noteMembersActive(
  db: Db,
  answers: Pick<MemberAnswers, 'stale'>,
  memberIds: readonly number[],
  now: Date,
): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_ACTIVE_THROTTLE_MS);
  const noted = await noteActivity(db, memberIds, now, staleBefore);
  const back = noted.filter(({ previous }) => previous.getTime() < now.getTime() - ONLINE_MS);
  if (back.length > 0) await answers.stale(back.map(({ memberId }) => memberId));
}

/**
 * Resolves the auth cookie to request.member on every API request: from this process's memory
 * when it remembers the session (createSessions), else from the database. It also notes the
 * member's last activity (profiles.last_active_at, shown as online / recently active), written
 * only when older than LAST_ACTIVE_THROTTLE_MINUTES by what this process knows; the write's own
 * condition keeps parallel processes to one. When the note brings a member back online, the
 * answers showing them are stale.
 */
export const sessionPlugin = fp<{ db: Db; sessions: Sessions; answers: MemberAnswers }>(
  async (app, { db, sessions, answers }) => {
    app.decorateRequest('member', null);
    const findSessionMember = prepareFindSessionMember(db);
    // A callback, not a promise, while the session is remembered and its activity noted: every
    // API request passes it.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.url.startsWith('/api/')) return done();
      const token = request.cookies[AUTH_COOKIE];
      if (!token || !TOKEN_PATTERN.test(token)) return done();
      const now = new Date();
      const sessionId = hashToken(token);
      const staleBefore = new Date(now.getTime() - LAST_ACTIVE_THROTTLE_MS);
      const found = sessions.find(sessionId, now.getTime());
      if (found && !dueForNote(found, staleBefore)) {
        request.member = { id: found.memberId, sessionId };
        return done();
      }
      resolve(request, sessionId, found, now, staleBefore).then(() => done(), done);
    });

    const dueForNote = (session: RememberedSession, staleBefore: Date) =>
      session.lastActiveAt !== null && session.lastActiveAt < staleBefore;

    async function resolve(
      request: FastifyRequest,
      sessionId: string,
      remembered: RememberedSession | null,
      now: Date,
      staleBefore: Date,
    ): Promise<void> {
      let found = remembered;
      if (!found) {
        const since = sessions.epoch();
        const row = await findSessionMember(sessionId, now);
        if (!row) return;
        const session = { memberId: row.id, expiresAt: row.expiresAt.getTime(), lastActiveAt: row.lastActiveAt };
        found = sessions.remember(sessionId, session, since, now.getTime());
      }
      request.member = { id: found.memberId, sessionId };
      if (dueForNote(found, staleBefore)) {
        const noted = found;
        // Remembered at once, so this process's next requests do not write it again.
        noted.lastActiveAt = now;
        // Bookkeeping only: a failed write must not fail the member's request.
        await noteMembersActive(db, answers, [noted.memberId], now).catch((err: unknown) =>
          request.log.error({ err }, 'noting last activity failed'),
        );
      }
    }
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
