import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import {
  accountTokens,
  bannedEmails,
  conversations,
  discountCodes,
  loginAttempts,
  members,
  memberTracking,
  messages,
  pendingFirstMessages,
  photos,
  profiles,
  sessions,
} from '../../db/schema/index.js';
import type { LoginThrottle } from './accounts.rules.js';
import type { PhotoRow } from '../../db/schema/index.js';
import { syncProfileVisibility } from '../directory/directory.repository.js';

export type MemberRow = typeof members.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type NewMember = typeof members.$inferInsert;
export type NewProfile = typeof profiles.$inferInsert;
export type TokenKind = (typeof accountTokens.$inferSelect)['kind'];
export type TokenRow = typeof accountTokens.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** A member that is not deleted, with the profile when it has one. */
export async function findMemberWithProfile(
  db: DbOrTx,
  id: number,
): Promise<{ member: MemberRow; profile: ProfileRow | null } | null> {
  const [row] = await db
    .select({ member: members, profile: profiles })
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(members.id, id), isNull(members.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** What GET /api/user.php shows of a member (accounts.presenter presentUser). */
export interface UserRow {
  member: Pick<
    MemberRow,
    'id' | 'domain' | 'status' | 'credits' | 'paidUser' | 'signupDate' | 'language' | 'notificationsDisabled'
  >;
  profile: Pick<ProfileRow, 'name' | 'country' | 'status' | 'verificationNotice'> | null;
  /** The photo shown as the member's picture: the one marked main, else the first. */
  mainPhoto: Pick<PhotoRow, 'filename' | 'thumbFilename' | 'matchFilename'> | null;
}

/**
 * A member that is not deleted, with what the member's own answer shows: every poll of every
 * logged-in tab reads it, so it is one prepared statement (the main photo through a lateral
 * join over photos_member_idx).
 */
export async function findUserRow(db: DbOrTx, memberId: number): Promise<UserRow | null> {
  const statement = prepared(db, 'accounts_user', (d) => {
    const mainPhoto = d
      .select({ filename: photos.filename, thumbFilename: photos.thumbFilename, matchFilename: photos.matchFilename })
      .from(photos)
      .where(eq(photos.memberId, members.id))
      .orderBy(desc(photos.isMain), asc(photos.position), asc(photos.id))
      .limit(1)
      .as('main_photo');
    return d
      .select({
        member: {
          id: members.id,
          domain: members.domain,
          status: members.status,
          credits: members.credits,
          paidUser: members.paidUser,
          signupDate: members.signupDate,
          language: members.language,
          notificationsDisabled: members.notificationsDisabled,
        },
        profile: {
          name: profiles.name,
          country: profiles.country,
          status: profiles.status,
          verificationNotice: profiles.verificationNotice,
        },
        mainPhoto: {
          filename: mainPhoto.filename,
          thumbFilename: mainPhoto.thumbFilename,
          matchFilename: mainPhoto.matchFilename,
        },
      })
      .from(members)
      .leftJoin(profiles, eq(profiles.memberId, members.id))
      .leftJoinLateral(mainPhoto, sql`true`)
      .where(and(eq(members.id, sql.placeholder('memberId')), isNull(members.deletedAt)))
      .limit(1);
  });
  const [row] = await statement.execute({ memberId });
  return row ?? null;
}

export async function updateLanguage(db: DbOrTx, memberId: number, language: string): Promise<void> {
  await db.update(members).set({ language }).where(eq(members.id, memberId));
}

/** The account of an e-mail address, deleted or not (addresses compare case-insensitively). */
export async function findMemberByEmail(db: DbOrTx, email: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(sql`lower(${members.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

/**
 * The accounts that hold an address's mailbox, deleted or not: the one with this very address
 * and any whose email_key is the address's key (a dot or +tag variant).
 */
export async function findMailboxHolders(db: DbOrTx, email: string, key: string): Promise<MemberRow[]> {
  return db
    .select()
    .from(members)
    .where(or(sql`lower(${members.email}) = lower(${email})`, eq(members.emailKey, key)));
}

/** Whether a ban closed this mailbox (banned_emails). */
export async function isEmailKeyBanned(db: DbOrTx, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: bannedEmails.emailKey })
    .from(bannedEmails)
    .where(eq(bannedEmails.emailKey, key))
    .limit(1);
  return row !== undefined;
}

/**
 * Closes a mailbox for new signups and e-mail changes (the ban of its member). Banning again
 * keeps the first reason.
 */
export async function recordBannedEmail(db: DbOrTx, emailKey: string, reason: string): Promise<void> {
  await db.insert(bannedEmails).values({ emailKey, reason }).onConflictDoNothing();
}

/** Opens a mailbox again (the ban of its member was lifted). */
export async function forgetBannedEmail(db: DbOrTx, emailKey: string): Promise<void> {
  await db.delete(bannedEmails).where(eq(bannedEmails.emailKey, emailKey));
}

/** A member that is not deleted. */
export async function findActiveMember(db: DbOrTx, id: number): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, id), isNull(members.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Frees the e-mail address of an account deleted for good (past its 14 days, not yet erased by
 * the scheduled job), so the address can sign up anew.
 */
export async function releaseEmail(db: DbOrTx, memberId: number): Promise<void> {
  await db
    .update(members)
    .set({ email: sql`'erased-' || ${members.id} || '@invalid'`, emailKey: null })
    .where(and(eq(members.id, memberId), sql`${members.deletedAt} is not null`));
}

export async function insertMember(db: DbOrTx, values: NewMember): Promise<MemberRow> {
  const [row] = await db.insert(members).values(values).returning();
  return row!;
}

export async function insertProfile(db: DbOrTx, values: NewProfile): Promise<void> {
  await db.insert(profiles).values(values);
}

export async function insertTracking(db: DbOrTx, values: typeof memberTracking.$inferInsert): Promise<void> {
  await db.insert(memberTracking).values(values);
}

export async function insertPendingFirstMessage(
  db: DbOrTx,
  values: { senderId: number; recipientId: number; body: string },
): Promise<void> {
  await db.insert(pendingFirstMessages).values(values);
}

/** Marks the account confirmed and its profile visible (unless a ban hides it). */
export async function confirmMember(db: DbOrTx, memberId: number): Promise<void> {
  await db.update(members).set({ status: 'confirmed' }).where(eq(members.id, memberId));
  await syncProfileVisibility(db, memberId);
}

export async function updatePasswordHash(db: DbOrTx, memberId: number, passwordHash: string): Promise<void> {
  await db.update(members).set({ passwordHash }).where(eq(members.id, memberId));
}

/** Ends every session of a member (password reset, deletion). */
export async function deleteMemberSessions(db: DbOrTx, memberId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.memberId, memberId));
}

export async function insertToken(
  db: DbOrTx,
  values: { memberId: number; kind: TokenKind; tokenHash: string; expiresAt: Date; payload?: string | null },
): Promise<void> {
  await db.insert(accountTokens).values(values);
}

/** A token by its hash and kind, used or not, expired or not. */
export async function findToken(db: DbOrTx, kind: TokenKind, tokenHash: string): Promise<TokenRow | null> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.kind, kind)))
    .limit(1);
  return row ?? null;
}

/**
 * Uses a token once: marks it used if it is unused and unexpired, and answers its member.
 * Atomic, so two clicks on the same link cannot both succeed.
 */
export async function consumeToken(db: DbOrTx, kind: TokenKind, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ memberId: accountTokens.memberId });
  return row?.memberId ?? null;
}

/** Like consumeToken, also answering the token's payload (the new address of an e-mail change). */
export async function consumeTokenWithPayload(
  db: DbOrTx,
  kind: TokenKind,
  tokenHash: string,
  now: Date,
): Promise<{ memberId: number; payload: string | null } | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ memberId: accountTokens.memberId, payload: accountTokens.payload });
  return row ?? null;
}

/** Marks every unused token of a kind of a member used (a reset link is spent by any reset). */
export async function spendTokens(db: DbOrTx, memberId: number, kind: TokenKind, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.memberId, memberId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
}

/** How many tokens of a kind a member was sent since `since`. */
export async function countTokensSince(db: DbOrTx, memberId: number, kind: TokenKind, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountTokens)
    .where(
      and(eq(accountTokens.memberId, memberId), eq(accountTokens.kind, kind), gte(accountTokens.createdAt, since)),
    );
  return row?.n ?? 0;
}

/**
 * The login throttle rows of a member for `addresses`, created when missing and locked for the
 * rest of the transaction, so concurrent attempts are counted one after the other. Rows are
 * created and locked in address order, the same in every transaction, so two cannot deadlock.
 * The member's rows whose window began before `staleBefore` and that hold no lock count nothing
 * any more and are deleted first, so addresses that tried once do not pile up.
 */
export async function lockLoginThrottles(
  tx: DbOrTx,
  memberId: number,
  addresses: readonly string[],
  now: Date,
  staleBefore: Date,
): Promise<Map<string, LoginThrottle>> {
  await tx
    .delete(loginAttempts)
    .where(
      and(
        eq(loginAttempts.memberId, memberId),
        lte(loginAttempts.windowStart, staleBefore),
        or(isNull(loginAttempts.lockedUntil), lte(loginAttempts.lockedUntil, now)),
      ),
    );
  const ordered = [...addresses].sort();
  for (const address of ordered) {
    await tx.insert(loginAttempts).values({ memberId, address, failures: 0, windowStart: now }).onConflictDoNothing();
  }
  const rows = await tx
    .select({
      address: loginAttempts.address,
      failures: loginAttempts.failures,
      windowStart: loginAttempts.windowStart,
      lockedUntil: loginAttempts.lockedUntil,
    })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.memberId, memberId), inArray(loginAttempts.address, ordered)))
    .orderBy(asc(loginAttempts.address))
    .for('update');
  return new Map(rows.map(({ address, ...state }) => [address, state]));
}

/** Stores the throttle state of a member and address (a row lockLoginThrottles made). */
export async function saveLoginThrottle(
  tx: DbOrTx,
  memberId: number,
  address: string,
  state: LoginThrottle,
): Promise<void> {
  await tx
    .update(loginAttempts)
    .set(state)
    .where(and(eq(loginAttempts.memberId, memberId), eq(loginAttempts.address, address)));
}

/**
 * Takes back one attempt that proved right from a throttle row: puts back the state before it
 * when it was the attempt that locked (the lock is still the one it set), else uncounts it if
 * its window is still the current one; a row left with nothing counted is deleted.
 */
export async function takeBackLoginAttempt(
  db: DbOrTx,
  memberId: number,
  address: string,
  claim: { previous: LoginThrottle; next: LoginThrottle },
): Promise<void> {
  const row = and(eq(loginAttempts.memberId, memberId), eq(loginAttempts.address, address));
  const { previous, next } = claim;
  if (next.lockedUntil && next.lockedUntil.getTime() !== previous.lockedUntil?.getTime()) {
    await db
      .update(loginAttempts)
      .set(previous)
      .where(and(row, eq(loginAttempts.lockedUntil, next.lockedUntil)));
  } else {
    await db
      .update(loginAttempts)
      .set({ failures: sql`${loginAttempts.failures} - 1` })
      .where(and(row, eq(loginAttempts.windowStart, next.windowStart), gt(loginAttempts.failures, 0)));
  }
  await db.delete(loginAttempts).where(and(row, eq(loginAttempts.failures, 0), isNull(loginAttempts.lockedUntil)));
}

/** Forgets the failed logins of a member from one address (after a successful login there). */
export async function clearAddressLoginThrottle(db: DbOrTx, memberId: number, address: string): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.memberId, memberId), eq(loginAttempts.address, address)));
}

/** Forgets a member's failed logins from every address (a new password). */
export async function clearLoginThrottle(db: DbOrTx, memberId: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.memberId, memberId));
}

/** A member by id, deleted or not (reactivation). */
export async function findMemberById(db: DbOrTx, id: number): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row ?? null;
}

/** A SQL text[] literal of bound values. */
function textArray(values: readonly string[]) {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * Saves invisible mode and notification switches; absent values stay as they are. The switches
 * are applied to the stored list inside the UPDATE, so two saves at once never undo each other.
 */
export async function updateAccountSettings(
  db: DbOrTx,
  memberId: number,
  values: { invisible?: boolean; switchedOn?: readonly string[]; switchedOff?: readonly string[] },
): Promise<void> {
  const on = values.switchedOn ?? [];
  const off = values.switchedOff ?? [];
  if (values.invisible === undefined && on.length === 0 && off.length === 0) return;
  await db
    .update(members)
    .set({
      ...(values.invisible === undefined ? {} : { invisible: values.invisible }),
      ...(on.length + off.length === 0
        ? {}
        : {
            notificationsOff: sql`(select coalesce(array_agg(distinct t order by t), '{}'::text[])
              from unnest(array_cat(${members.notificationsOff}, ${textArray(off)})) as t
              where t <> all(${textArray(on)}))`,
          }),
    })
    .where(eq(members.id, memberId));
}

/** A member's new address, with its mailbox key. */
export async function updateEmail(db: DbOrTx, memberId: number, email: string, emailKey: string): Promise<void> {
  await db.update(members).set({ email, emailKey }).where(eq(members.id, memberId));
}

/** Hides an account: deleted now, with the member's reason, and its profile disabled. */
export async function markMemberDeleted(
  db: DbOrTx,
  memberId: number,
  values: { deletedAt: Date; reason: string; note: string | null },
): Promise<void> {
  await db
    .update(members)
    .set({ deletedAt: values.deletedAt, deleteReason: values.reason, deleteNote: values.note })
    .where(eq(members.id, memberId));
  await db.update(profiles).set({ status: 'disabled' }).where(eq(profiles.memberId, memberId));
}

/**
 * Undoes a deletion: the account is back as it was, its profile visible again when the e-mail
 * address is confirmed (an unconfirmed account's profile stays disabled, as after signup).
 */
export async function restoreMember(db: DbOrTx, memberId: number): Promise<void> {
  await db
    .update(members)
    .set({ deletedAt: null, deleteReason: null, deleteNote: null })
    .where(eq(members.id, memberId));
  await syncProfileVisibility(db, memberId);
}

/** The member's retention code that can still be used, if any. */
export async function findRetentionCode(db: DbOrTx, memberId: number, now: Date): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.memberId, memberId),
        eq(discountCodes.source, 'retention'),
        eq(discountCodes.status, 'active'),
        gt(discountCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(discountCodes.id))
    .limit(1);
  return row ?? null;
}

/** Sets the member's expired retention codes inactive, which frees the place of the live one. */
export async function retireRetentionCodes(db: DbOrTx, memberId: number, now: Date): Promise<void> {
  await db
    .update(discountCodes)
    .set({ status: 'inactive' })
    .where(
      and(
        eq(discountCodes.memberId, memberId),
        eq(discountCodes.source, 'retention'),
        eq(discountCodes.status, 'active'),
        lte(discountCodes.expiresAt, now),
      ),
    );
}

/**
 * Stores a retention code; null, storing nothing, when the member has a live one already
 * (discount_codes_retention_idx) or the code is taken.
 */
export async function insertRetentionCode(
  db: DbOrTx,
  values: Omit<typeof discountCodes.$inferInsert, 'source'>,
): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .insert(discountCodes)
    .values({ ...values, source: 'retention' })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Ids of accounts deleted at or before `before` (past their reactivation days), oldest first. */
export async function listErasableMemberIds(db: DbOrTx, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(isNotNull(members.deletedAt), lte(members.deletedAt, before)))
    .orderBy(asc(members.deletedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The storage keys of every photo file of these members. */
export async function listPhotoKeys(db: DbOrTx, memberIds: number[]): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({ filename: photos.filename, thumb: photos.thumbFilename, match: photos.matchFilename })
    .from(photos)
    .where(inArray(photos.memberId, memberIds));
  return rows.flatMap((r) => [r.filename, r.thumb, r.match]);
}

/**
 * The storage keys of the chat images in every conversation of the members: erasing a member
 * deletes those conversations (foreign keys cascade), the partner's images included.
 */
export async function listChatImageKeys(db: DbOrTx, memberIds: number[]): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({ full: messages.imageKey, thumb: messages.imageThumbKey })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        or(inArray(conversations.memberLowId, memberIds), inArray(conversations.memberHighId, memberIds)),
        isNotNull(messages.imageKey),
      ),
    );
  return rows.flatMap((r) => [r.full, r.thumb]).filter((key): key is string => key !== null);
}

/**
 * Deletes member rows for good; their profile, photos, sessions, tokens, tracking, messages
 * and discount codes go with them (foreign keys cascade). Only rows still deleted are taken.
 */
export async function deleteMembers(db: DbOrTx, memberIds: number[]): Promise<number> {
  if (memberIds.length === 0) return 0;
  const rows = await db
    .delete(members)
    .where(and(inArray(members.id, memberIds), isNotNull(members.deletedAt)))
    .returning({ id: members.id });
  return rows.length;
}

/** The profile name of a member, deleted or not (mails to a deleted account greet by name too). */
export async function findProfileName(db: DbOrTx, memberId: number): Promise<string> {
  const [row] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.memberId, memberId)).limit(1);
  return row?.name ?? '';
}
