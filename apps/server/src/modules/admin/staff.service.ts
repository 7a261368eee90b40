import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  STAFF_PENDING_MINUTES,
  STAFF_RECOVERY_CODE_COUNT,
  STAFF_SESSION_HOURS,
  type AuditResponse,
  type StaffLoginResponse,
  type StaffMe,
  type StaffRole,
  type StaffTotpBody,
  type StaffTotpResponse,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../accounts/accounts.service.js';
import {
  claimTotpStep,
  deleteOtherStaffSessions,
  deleteStaffSession,
  findStaffByEmail,
  findStaffSession,
  insertAudit,
  insertStaff,
  insertStaffSession,
  listAudit,
  recordStaffFailure,
  recordStaffLogin,
  replaceRecoveryCodes,
  setTotpSecret,
  useRecoveryCode,
  verifyStaffSession,
  type StaffRow,
} from './staff.repository.js';
import { matchTotp, newRecoveryCode, newTotpSecret, normalizeRecoveryCode, otpauthUrl } from './totp.js';

/** Failed logins (password or code) in a row that lock a staff account, and for how long. */
export const STAFF_MAX_FAILURES = 5;
export const STAFF_LOCK_MINUTES = 15;
const AUDIT_PAGE = 50;

/** The staff member a console request is made by, and where it came from, for the audit log. */
export interface StaffActor {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  ip: string;
}

/** What one staff action records: e.g. member.ban on member 12 with its reason. */
export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
}

export const staffAuthenticationRequired = () => new AppError(403, 'staff_authentication_required');
export const permissionDenied = () => new AppError(403, 'permission_denied');

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface StaffServiceDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The name authenticator apps show next to the code: the default site's. */
  issuer: () => Promise<string>;
  now?: () => Date;
}

export type StaffService = ReturnType<typeof createStaffService>;

/** Staff accounts, their two-step login and the audit log every console action writes. */
export function createStaffService(deps: StaffServiceDeps) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  let dummyHash: Promise<string> | null = null;

  function presentStaff(row: StaffRow): StaffMe {
    return { id: row.id, email: row.email, name: row.name, role: row.role };
  }

  async function fail(row: StaffRow): Promise<never> {
    const at = now();
    const lockedUntil = await recordStaffFailure(
      db,
      row.id,
      STAFF_MAX_FAILURES,
      new Date(at.getTime() + STAFF_LOCK_MINUTES * 60_000),
    );
    if (lockedUntil && lockedUntil > at) {
      log.warn({ staffId: row.id }, 'staff account locked after repeated failed logins');
      throw new AppError(423, 'account_locked', undefined, {
        minutes: Math.ceil((lockedUntil.getTime() - at.getTime()) / 60_000),
      });
    }
    throw new AppError(400, 'staff_login_failed');
  }

  function lockedMinutes(row: StaffRow, at: Date): number {
    return row.lockedUntil && row.lockedUntil > at ? Math.ceil((row.lockedUntil.getTime() - at.getTime()) / 60_000) : 0;
  }

  async function newRecoveryCodes(staffId: number): Promise<string[]> {
    const codes = Array.from({ length: STAFF_RECOVERY_CODE_COUNT }, newRecoveryCode);
    await replaceRecoveryCodes(
      db,
      staffId,
      codes.map((c) => sha256(normalizeRecoveryCode(c))),
    );
    return codes;
  }

  async function audit(actor: StaffActor, entry: AuditEntry): Promise<void> {
    await insertAudit(db, {
      staffId: actor.id,
      staffEmail: actor.email,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      details: entry.details ?? {},
      ip: actor.ip,
    });
  }

  return {
    audit,

    /** Creates a staff account (the staff:create script and the demo seed). */
    async createStaff(input: { email: string; name: string; password: string; role: StaffRole }): Promise<StaffMe> {
      const row = await insertStaff(db, {
        email: input.email.trim(),
        name: input.name.trim(),
        passwordHash: await hashPassword(input.password),
        role: input.role,
      });
      return presentStaff(row);
    },

    /**
     * Step one: the password. A right one opens a pending session that can only take the
     * second step; the answer says whether that is a code or, without a confirmed secret yet,
     * enrolment. Unknown address and wrong password answer alike, after the same argon2 work.
     */
    async login(email: string, password: string, ip: string): Promise<{ token: string; response: StaffLoginResponse }> {
      const row = await findStaffByEmail(db, email);
      if (!row || row.disabledAt) {
        dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
        await verifyPassword(await dummyHash, password);
        throw new AppError(400, 'staff_login_failed');
      }
      const at = now();
      const minutes = lockedMinutes(row, at);
      if (minutes > 0) throw new AppError(423, 'account_locked', undefined, { minutes });
      if (!(await verifyPassword(row.passwordHash, password))) await fail(row);

      const token = randomBytes(32).toString('base64url');
      await insertStaffSession(db, {
        tokenHash: sha256(token),
        staffId: row.id,
        verifiedAt: null,
        expiresAt: new Date(at.getTime() + STAFF_PENDING_MINUTES * 60_000),
      });
      log.info({ staffId: row.id, ip }, 'staff password accepted, waiting for the second factor');
      if (row.totpConfirmedAt && row.totpSecret) return { token, response: { step: 'totp' } };
      const secret = newTotpSecret();
      await setTotpSecret(db, row.id, secret);
      return {
        token,
        response: { step: 'enroll', secret, otpauth_url: otpauthUrl(secret, await deps.issuer(), row.email) },
      };
    },

    /**
     * Step two: a current code (or an unused recovery code, once enrolled) verifies the pending
     * session for STAFF_SESSION_HOURS and ends the member's other console sessions. The first
     * code after enrolment confirms the secret and answers the recovery codes, once.
     */
    async secondFactor(
      token: string,
      body: StaffTotpBody,
      ip: string,
    ): Promise<Omit<StaffTotpResponse, 'demo_payments'>> {
      const at = now();
      const tokenHash = sha256(token);
      const session = await findStaffSession(db, tokenHash, at);
      if (!session || session.verifiedAt) throw staffAuthenticationRequired();
      const row = session.staff;
      const minutes = lockedMinutes(row, at);
      if (minutes > 0) throw new AppError(423, 'account_locked', undefined, { minutes });
      const enrolling = !row.totpConfirmedAt;
      let accepted = false;
      if (body.code !== undefined && row.totpSecret) {
        const step = matchTotp(row.totpSecret, body.code, at, row.totpLastStep);
        accepted = step !== null && (await claimTotpStep(db, row.id, step, at));
      } else if (body.recovery_code !== undefined && !enrolling) {
        accepted = await useRecoveryCode(db, row.id, sha256(normalizeRecoveryCode(body.recovery_code)), at);
      }
      if (!accepted) {
        try {
          await fail(row);
        } catch (err) {
          if (err instanceof AppError && err.code === 'staff_login_failed') throw new AppError(400, 'totp_invalid');
          throw err;
        }
      }
      await db.transaction(async (tx) => {
        await verifyStaffSession(tx, tokenHash, at, new Date(at.getTime() + STAFF_SESSION_HOURS * 3_600_000));
        await deleteOtherStaffSessions(tx, row.id, tokenHash);
        await recordStaffLogin(tx, row.id, at);
      });
      const actor = { ...presentStaff(row), ip };
      await audit(actor, {
        action: enrolling ? 'staff.enroll' : body.recovery_code ? 'staff.login_recovery_code' : 'staff.login',
        targetType: 'staff',
        targetId: row.id,
      });
      if (!enrolling) return { staff: presentStaff(row) };
      return { staff: presentStaff(row), recovery_codes: await newRecoveryCodes(row.id) };
    },

    /** The verified staff member of a session token, or null. */
    async sessionStaff(token: string): Promise<StaffMe | null> {
      const session = await findStaffSession(db, sha256(token), now());
      return session?.verifiedAt ? presentStaff(session.staff) : null;
    },

    async logout(token: string): Promise<void> {
      await deleteStaffSession(db, sha256(token));
    },

    async regenerateRecoveryCodes(actor: StaffActor): Promise<string[]> {
      const codes = await newRecoveryCodes(actor.id);
      await audit(actor, { action: 'staff.recovery_codes', targetType: 'staff', targetId: actor.id });
      return codes;
    },

    async auditLog(filter: {
      before?: number | undefined;
      staff_id?: number | undefined;
      target_type?: string | undefined;
      target_id?: string | undefined;
    }): Promise<AuditResponse> {
      const rows = await listAudit(
        db,
        { before: filter.before, staffId: filter.staff_id, targetType: filter.target_type, targetId: filter.target_id },
        AUDIT_PAGE + 1,
      );
      const page = rows.slice(0, AUDIT_PAGE);
      return {
        entries: page.map((r) => ({
          id: r.id,
          created_at: r.createdAt.toISOString(),
          staff_email: r.staffEmail,
          action: r.action,
          target_type: r.targetType,
          target_id: r.targetId,
          details: r.details,
          ip: r.ip,
        })),
        next_before: rows.length > AUDIT_PAGE ? (page[page.length - 1]?.id ?? null) : null,
      };
    },
  };
}
