import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_COOKIE, STAFF_SESSION_HOURS, staffCan, type StaffPermission } from '@app/shared';
import type { Config } from '../../config.js';
import { permissionDenied, staffAuthenticationRequired, type StaffActor, type StaffService } from './staff.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified staff member of a console call; set by staffGuard. */
    staff?: StaffActor;
  }
}

/** The console's cookie: only sent to the console's API, never readable by scripts. */
const COOKIE_OPTIONS = { path: '/api/admin', httpOnly: true, sameSite: 'strict' } as const;

export function setStaffCookie(reply: FastifyReply, token: string, config: Pick<Config, 'secureCookies'>): void {
  reply.setCookie(STAFF_COOKIE, token, {
    ...COOKIE_OPTIONS,
    secure: config.secureCookies,
    maxAge: STAFF_SESSION_HOURS * 3600,
  });
}

export function clearStaffCookie(reply: FastifyReply, config: Pick<Config, 'secureCookies'>): void {
  reply.clearCookie(STAFF_COOKIE, { ...COOKIE_OPTIONS, secure: config.secureCookies });
}

export function staffToken(request: FastifyRequest): string | null {
  const token = request.cookies[STAFF_COOKIE];
  return token && /^[\w-]{40,64}$/.test(token) ? token : null;
}

/**
 * The onRequest hook of every console call after login: a verified staff session, and a role
 * that has `permission`. Runs before the body is parsed, so nobody else's input is read.
 */
export function staffGuard(staff: StaffService, permission: StaffPermission | null) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = staffToken(request);
    const found = token ? await staff.sessionStaff(token) : null;
    if (!found) throw staffAuthenticationRequired();
    if (permission && !staffCan(found.role, permission)) throw permissionDenied();
    request.staff = { ...found, ip: request.ip };
  };
}

/** The staff member of a guarded call. */
export function actor(request: FastifyRequest): StaffActor {
  if (!request.staff) throw staffAuthenticationRequired();
  return request.staff;
}
