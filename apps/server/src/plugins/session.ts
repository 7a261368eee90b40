import { createHash, randomBytes } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_COOKIE, AUTH_COOKIE_DAYS, LAST_ACTIVE_THROTTLE_MINUTES } from '@app/shared';
import type { Config } from '../config.js';
import type { Db, DbOrTx } from '../db/client.js';
import { authenticationRequired } from '../errors.js';
import { publishEvent, SESSIONS_CHANNEL, type SessionsChannelEvent } from '../platform/bus/events.js';
import type { Bus } from '../platform/bus/index.js';
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

/**
 * Tells every process that sessions ended, once their deletion committed, so the live channel
 * closes the tabs opened on them. A bus failure is only logged: the sessions are gone either
 * way, and a closed tab's reconnect is refused.
 */
export async function announceSessionsEnded(
  bus: Bus,
  event: SessionsChannelEvent,
  log: FastifyBaseLogger,
): Promise<void> {
  await publishEvent(bus, SESSIONS_CHANNEL, event).catch((err: unknown) =>
    log.error({ err, memberId: event.member_id, type: event.type }, 'announcing ended sessions failed'),
  );
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
 * Resolves the auth cookie to request.member on every API request. Sessions live in the
 * database, so any process of a scaled-out deployment can serve any request. It also notes the
 * member's last activity (profiles.last_active_at, shown as online / recently active): read
 * with the session, written only when older than LAST_ACTIVE_THROTTLE_MINUTES.
 */
export const sessionPlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorateRequest('member', null);
    const findSessionMember = prepareFindSessionMember(db);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[AUTH_COOKIE];
      if (!token || !TOKEN_PATTERN.test(token)) return;
      const now = new Date();
      const sessionId = hashToken(token);
      const found = await findSessionMember(sessionId, now);
      if (!found) return;
      request.member = { id: found.id, sessionId };
      const staleBefore = new Date(now.getTime() - LAST_ACTIVE_THROTTLE_MS);
      if (found.lastActiveAt && found.lastActiveAt < staleBefore) {
        // Bookkeeping only: a failed write must not fail the member's request.
        await noteActivity(db, found.id, now, staleBefore).catch((err: unknown) =>
          request.log.error({ err }, 'noting last activity failed'),
        );
      }
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
