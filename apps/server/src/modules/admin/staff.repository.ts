import { and, desc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, staff, staffRecoveryCodes, staffSessions } from '../../db/schema/index.js';

export type StaffRow = typeof staff.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;

/** Whether any staff account exists, disabled ones included. */
export async function hasStaff(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: staff.id }).from(staff).limit(1);
  return rows.length > 0;
}

export async function findStaffByEmail(db: DbOrTx, email: string): Promise<StaffRow | null> {
  const [row] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

export async function insertStaff(
  db: DbOrTx,
  values: Pick<typeof staff.$inferInsert, 'email' | 'name' | 'passwordHash' | 'role'>,
): Promise<StaffRow> {
  const [row] = await db.insert(staff).values(values).returning();
  if (!row) throw new Error('the staff insert returned no row');
  return row;
}

/** One more failed login; the fifth in a row locks the account until `lockUntil`. */
export async function recordStaffFailure(
  db: DbOrTx,
  id: number,
  maxFailures: number,
  lockUntil: Date,
): Promise<Date | null> {
  const [row] = await db
    .update(staff)
    .set({
      failures: sql`case when ${staff.failures} + 1 >= ${maxFailures} then 0 else ${staff.failures} + 1 end`,
      lockedUntil: sql`case when ${staff.failures} + 1 >= ${maxFailures} then ${lockUntil.toISOString()}::timestamptz else ${staff.lockedUntil} end`,
    })
    .where(eq(staff.id, id))
    .returning({ lockedUntil: staff.lockedUntil });
  return row?.lockedUntil ?? null;
}

export async function recordStaffLogin(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(staff).set({ failures: 0, lockedUntil: null, lastLoginAt: at }).where(eq(staff.id, id));
}

/** A new, unconfirmed secret: enrolment starts (again) until a first code confirms it. */
export async function setTotpSecret(db: DbOrTx, id: number, secret: string): Promise<void> {
  await db.update(staff).set({ totpSecret: secret, totpConfirmedAt: null, totpLastStep: null }).where(eq(staff.id, id));
}

/**
 * Takes a TOTP step as used: only if it is later than the last used one, in one statement, so
 * two requests racing with the same code cannot both pass. Confirms the secret on first use.
 */
export async function claimTotpStep(db: DbOrTx, id: number, step: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({
      totpLastStep: step,
      totpConfirmedAt: sql`coalesce(${staff.totpConfirmedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(staff.id, id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return rows.length === 1;
}

export async function insertStaffSession(
  db: DbOrTx,
  values: { tokenHash: string; staffId: number; expiresAt: Date; verifiedAt: Date | null },
): Promise<void> {
  await db.insert(staffSessions).values(values);
}

export interface StaffSessionRow {
  staff: StaffRow;
  verifiedAt: Date | null;
}

/** The staff member of an unexpired session of an account that is not disabled. */
export async function findStaffSession(db: DbOrTx, tokenHash: string, now: Date): Promise<StaffSessionRow | null> {
  const [row] = await db
    .select({ staff, verifiedAt: staffSessions.verifiedAt })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now), isNull(staff.disabledAt)))
    .limit(1);
  return row ?? null;
}

/** The second step passed: the pending session becomes a full one until `expiresAt`. */
export async function verifyStaffSession(db: DbOrTx, tokenHash: string, at: Date, expiresAt: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ verifiedAt: at, expiresAt })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.verifiedAt)));
}

export async function deleteStaffSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

/** Other sessions end when a login verifies: one console per staff member at a time is enough. */
export async function deleteOtherStaffSessions(db: DbOrTx, staffId: number, keep: string): Promise<void> {
  await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), sql`${staffSessions.tokenHash} <> ${keep}`));
}

export async function replaceRecoveryCodes(db: DbOrTx, staffId: number, codeHashes: string[]): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
}

/** Uses up a recovery code: true only for the one request that marked it used. */
export async function useRecoveryCode(db: DbOrTx, staffId: number, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertAudit(db: DbOrTx, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

export async function listAudit(
  db: DbOrTx,
  filter: {
    before?: number | undefined;
    staffId?: number | undefined;
    targetType?: string | undefined;
    targetId?: string | undefined;
  },
  limit: number,
): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.before) conditions.push(lt(auditLog.id, filter.before));
  if (filter.staffId) conditions.push(eq(auditLog.staffId, filter.staffId));
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  return db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
