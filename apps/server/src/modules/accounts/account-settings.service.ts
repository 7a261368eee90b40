import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_REACTIVATION_DAYS,
  type AccountDeleteBody,
  type AccountSettings,
  type AccountSettingsBody,
  type DeleteReason,
  type EmailChangeBody,
  emailKey,
  type PasswordChangeBody,
  type RetentionOffer,
  type StoredSettings,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { eraseWaitingSelfie } from '../verification/verification.service.js';
import { AppError, authenticationRequired, notFound, validationFailed, type FieldProblem } from '../../errors.js';
import { PRESENCE_CHANNEL, publishEvent, type ChatMessageEvent } from '../../platform/bus/events.js';
import type { Bus } from '../../platform/bus/index.js';
import type { Mailer } from '../../platform/mail/index.js';
import {
  accountDeletedMail,
  emailChangeMail,
  emailChangedMail,
  type RenderedMail,
} from '../../platform/mail/templates.js';
import { createSession, hashToken, type Sessions } from '../../plugins/session.js';
import type { MemberAnswers } from '../../plugins/member-answers.js';
import type { ChatService } from '../chat/chat.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { presentAccountSettings, presentRetentionOffer } from './account-settings.presenter.js';
import {
  clearLoginThrottle,
  consumeToken,
  consumeTokenWithPayload,
  countTokensSince,
  deleteMemberSessions,
  findActiveMember,
  findMailboxHolders,
  findMemberByEmail,
  findMemberById,
  findProfileName,
  findRetentionCode,
  insertRetentionCode,
  insertToken,
  markMemberDeleted,
  releaseEmail,
  restoreMember,
  retireRetentionCodes,
  spendTokens,
  updateAccountSettings,
  confirmMember,
  updateEmail,
  updatePasswordHash,
  type MemberRow,
  type TokenKind,
} from './accounts.repository.js';
import { RESET_MAILS_PER_DAY, deletedAccountReactivatable, startOfUtcDay, tokenExpiry } from './accounts.rules.js';
import {
  MAIL_TOKEN_PATTERN,
  hashPassword,
  mailFrom,
  mailboxProblem,
  memberLocale,
  verifyPassword,
} from './accounts.service.js';
import type { RequestSite } from '../../plugins/site.js';

export interface AccountSettingsServiceDeps {
  db: Db;
  settings: Pick<SettingsService, 'settingsForDomain' | 'resolveSiteCompany'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Announces ended sessions: every process forgets them, and their live tabs close. */
  sessions: Pick<Sessions, 'ended'>;
  /** Announces members whose polled answers changed. */
  answers: Pick<MemberAnswers, 'staleEverywhere'>;
  /** Announces invisible mode to the live channel (PRESENCE_CHANNEL). */
  bus: Bus;
  /** Sends the first messages written during signup when a new address confirms the account. */
  chat: Pick<ChatService, 'deliverPendingFirstMessages' | 'announce'>;
  now?: () => Date;
}

/** The member's own account settings, deletion and reactivation (issue 3). */
export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;

/** Validity of the link that confirms a new e-mail address. */
export const EMAIL_CHANGE_TOKEN_HOURS = 24;
/** How long a retention discount code can be used. */
export const RETENTION_CODE_DAYS = 30;

const DAY_MS = 24 * 3_600_000;
/** Letters and digits that cannot be mistaken for each other when read aloud or typed (no 0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A readable personal discount code such as STAY-7KQ2MX. */
export function retentionCode(): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `STAY-${suffix}`;
}

/** When a deleted account can no longer be reactivated (and the erase job may take it). */
export function reactivationDeadline(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + ACCOUNT_REACTIVATION_DAYS * DAY_MS);
}

export function createAccountSettingsService(deps: AccountSettingsServiceDeps) {
  const { db, mailer, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function mustFindMember(memberId: number): Promise<MemberRow> {
    const member = await findActiveMember(db, memberId);
    if (!member) throw authenticationRequired();
    return member;
  }

  /** A new single-use token for a member; only its hash is stored. */
  async function issueToken(memberId: number, kind: TokenKind, expiresAt: Date, payload?: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await insertToken(db, { memberId, kind, tokenHash: hashToken(token), expiresAt, payload: payload ?? null });
    return token;
  }

  async function send(to: string, settings: StoredSettings, mail: RenderedMail): Promise<void> {
    await mailer.send({ to, from: mailFrom(settings), ...mail });
  }

  /**
   * Mails a deleted account its reactivation link. The link works until the account's
   * reactivation days are over, however late it is asked for, so a new link never extends them.
   */
  async function sendReactivation(member: MemberRow, deletedAt: Date, origin: string): Promise<void> {
    const until = reactivationDeadline(deletedAt);
    const token = await issueToken(member.id, 'reactivation', until);
    const settings = await deps.settings.settingsForDomain(member.domain);
    const mail = accountDeletedMail({
      locale: memberLocale(member),
      site: { name: settings.name, domain: member.domain },
      name: await findProfileName(db, member.id),
      link: `${origin}/api/reactivate.php?token=${token}`,
      until,
    });
    await send(member.email, settings, mail);
  }

  /** Whether another account holds the address (deleted ones too, while they can come back). */
  /** Whether another account holds the address's mailbox (a deleted one only while it can come back). */
  async function emailHeldByOther(email: string, memberId: number, at: Date): Promise<boolean> {
    const holders = await findMailboxHolders(db, email, emailKey(email));
    return holders.some(
      (holder) => holder.id !== memberId && (!holder.deletedAt || deletedAccountReactivatable(holder.deletedAt, at)),
    );
  }

  return {
    /** GET /api/account.php */
    async account(memberId: number): Promise<AccountSettings> {
      return presentAccountSettings(await mustFindMember(memberId));
    },

    /** PUT /api/account.php: invisible mode and any subset of the notification switches. */
    async updateAccount(memberId: number, body: AccountSettingsBody): Promise<AccountSettings> {
      await mustFindMember(memberId);
      const switches = Object.entries(body.notification_preferences ?? {});
      await updateAccountSettings(db, memberId, {
        ...(body.invisible === undefined ? {} : { invisible: body.invisible }),
        switchedOn: switches.filter(([, on]) => on).map(([type]) => type),
        switchedOff: switches.filter(([, on]) => !on).map(([type]) => type),
      });
      // Back from invisible mode, the member reappears in others' lists, which do not show them yet.
      if (body.invisible !== undefined) {
        await deps.answers.staleEverywhere();
        await publishEvent(deps.bus, PRESENCE_CHANNEL, { type: 'presence_changed', member_ids: [memberId] }).catch(
          (err: unknown) => log.error({ err }, 'announcing a presence change failed'),
        );
      }
      return presentAccountSettings(await mustFindMember(memberId));
    },

    /**
     * POST /api/password.php: a new password after the current one is verified. Every session
     * of the member ends (a thief logged in elsewhere is out), the login lock is lifted, and a
     * new session is answered for the browser that made the change.
     */
    async changePassword(memberId: number, body: PasswordChangeBody): Promise<{ sessionToken: string }> {
      const member = await mustFindMember(memberId);
      if (!(await verifyPassword(member.passwordHash, body.old_password))) {
        throw validationFailed({ old_password: 'old_password_wrong' });
      }
      const passwordHash = await hashPassword(body.password);
      const { token } = await db.transaction(async (tx) => {
        await updatePasswordHash(tx, memberId, passwordHash);
        await deleteMemberSessions(tx, memberId);
        await clearLoginThrottle(tx, memberId);
        return createSession(tx, memberId, now());
      });
      const kept = { type: 'sessions_ended', member_id: memberId, kept_session_id: hashToken(token) } as const;
      await deps.sessions.ended(kept);
      return { sessionToken: token };
    },

    /**
     * POST /api/email-change.php: checks the new address and the password, then mails a
     * confirmation link to the new address. The address changes only when that link is
     * followed, so nobody can move an account to an address they do not read.
     */
    async requestEmailChange(
      memberId: number,
      body: EmailChangeBody,
      site: Pick<RequestSite, 'origin'>,
    ): Promise<void> {
      const member = await mustFindMember(memberId);
      const fields: Record<string, FieldProblem> = {};
      if (body.email.toLowerCase() === member.email.toLowerCase()) fields.email = 'email_unchanged';
      else {
        const problem =
          (await mailboxProblem(db, body.email)) ??
          ((await emailHeldByOther(body.email, memberId, now())) ? 'email_in_use' : null);
        if (problem) fields.email = problem;
      }
      if (!(await verifyPassword(member.passwordHash, body.password))) fields.password = 'password_wrong';
      if (Object.keys(fields).length > 0) throw validationFailed(fields);

      const token = await issueToken(
        memberId,
        'email_change',
        tokenExpiry(now(), EMAIL_CHANGE_TOKEN_HOURS),
        body.email,
      );
      const settings = await deps.settings.settingsForDomain(member.domain);
      const mail = emailChangeMail({
        locale: memberLocale(member),
        site: { name: settings.name, domain: member.domain },
        name: await findProfileName(db, memberId),
        email: body.email,
        link: `${site.origin}/mail-change/do?token=${token}`,
        hours: EMAIL_CHANGE_TOKEN_HOURS,
      });
      await send(body.email, settings, mail);
    },

    /**
     * POST /api/email-change-do.php: the link of the confirmation mail. Needs no session (it
     * may be opened in another browser): the token is the proof. The old address is told.
     */
    async confirmEmailChange(token: string): Promise<{ email: string }> {
      if (!MAIL_TOKEN_PATTERN.test(token)) throw new AppError(400, 'mail_change_token_invalid');
      const at = now();
      const { member, email, delivered } = await db
        .transaction(async (tx) => {
          const used = await consumeTokenWithPayload(tx, 'email_change', hashToken(token), at);
          const member = used?.payload ? await findActiveMember(tx, used.memberId) : null;
          if (!used?.payload || !member) throw new AppError(400, 'mail_change_token_invalid');
          // A ban may have closed the mailbox since the link was mailed.
          const problem = await mailboxProblem(tx, used.payload);
          if (problem) throw validationFailed({ email: problem });
          const key = emailKey(used.payload);
          for (const holder of await findMailboxHolders(tx, used.payload, key)) {
            if (holder.id === member.id) continue;
            if (!holder.deletedAt || deletedAccountReactivatable(holder.deletedAt, at)) {
              throw new AppError(409, 'email_in_use');
            }
            // An account past its reactivation days keeps the address only until it is erased.
            await releaseEmail(tx, holder.id);
          }
          await updateEmail(tx, member.id, used.payload, key);
          // Following the link proves the member reads the new address: that confirms the account.
          let delivered: ChatMessageEvent[] = [];
          if (member.status === 'not_confirmed') {
            await confirmMember(tx, member.id);
            delivered = await deps.chat.deliverPendingFirstMessages(tx, member.id);
          }
          await spendTokens(tx, member.id, 'email_change', at);
          return { member, email: used.payload, delivered };
        })
        .catch((error: unknown) => {
          // The same address confirmed by two accounts at once: the second finds it taken.
          if (isUniqueViolation(error)) throw new AppError(409, 'email_in_use');
          throw error;
        });
      await deps.chat.announce(delivered);
      // The link may have confirmed the account: it may appear in lists that do not show it yet.
      await deps.answers.staleEverywhere();

      try {
        const settings = await deps.settings.settingsForDomain(member.domain);
        const mail = emailChangedMail({
          locale: memberLocale(member),
          site: { name: settings.name, domain: member.domain },
          name: await findProfileName(db, member.id),
          email,
          supportEmail: settings.support_email,
        });
        await send(member.email, settings, mail);
      } catch (err) {
        // The change stands; the notice is a courtesy.
        log.error({ err, memberId: member.id }, 'sending the e-mail-changed notice failed');
      }
      return { email };
    },

    /**
     * POST /api/retention-offer.php: the company's delete_discount as a personal code for one
     * purchase within RETENTION_CODE_DAYS. Asking again answers the code already made.
     */
    async retentionOffer(memberId: number, reason: DeleteReason): Promise<RetentionOffer> {
      const member = await mustFindMember(memberId);
      const at = now();
      const existing = await findRetentionCode(db, memberId, at);
      if (existing) return presentRetentionOffer(existing);

      const { company } = await deps.settings.resolveSiteCompany({ forcedDomain: member.domain });
      const percentage = Math.min(100, company.deleteDiscount);
      if (percentage <= 0) throw notFound();

      const expiresAt = new Date(at.getTime() + RETENTION_CODE_DAYS * DAY_MS);
      // A clash with an existing code is rare (32^6 codes); a few tries make it vanishing.
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await db.transaction(async (tx) => {
          await retireRetentionCodes(tx, memberId, at);
          return insertRetentionCode(tx, { code: retentionCode(), memberId, percentage, validity: 'once', expiresAt });
        });
        if (row) {
          log.info({ memberId, reason }, 'retention discount offered');
          return presentRetentionOffer(row);
        }
        // The database keeps one live code per member: an offer asked at the same moment made it.
        const made = await findRetentionCode(db, memberId, at);
        if (made) return presentRetentionOffer(made);
      }
      throw new Error(`no free retention code for member ${memberId}`);
    },

    /**
     * POST /api/account-delete.php: hides the account at once (deleted, profile disabled,
     * every session ended) and mails the reactivation link. The erase job removes it for good
     * after ACCOUNT_REACTIVATION_DAYS.
     */
    async deleteAccount(memberId: number, body: AccountDeleteBody, site: Pick<RequestSite, 'origin'>): Promise<void> {
      const member = await mustFindMember(memberId);
      if (!(await verifyPassword(member.passwordHash, body.password))) {
        throw validationFailed({ password: 'password_wrong' });
      }
      const deletedAt = now();
      await db.transaction(async (tx) => {
        await markMemberDeleted(tx, memberId, { deletedAt, reason: body.reason, note: body.note || null });
        await deleteMemberSessions(tx, memberId);
        await eraseWaitingSelfie(tx, memberId);
      });
      await deps.sessions.ended({ type: 'sessions_ended', member_id: memberId, kept_session_id: null });
      try {
        await sendReactivation(member, deletedAt, site.origin);
      } catch (err) {
        // The account is deleted either way; the member can ask for the link again.
        log.error({ err, memberId }, 'sending the reactivation mail failed');
      }
    },

    /**
     * Staff delete an account from the console: as the member's own deletion (hidden at once,
     * sessions ended, erased after the reactivation window), without the reactivation mail.
     */
    async deleteByStaff(memberId: number, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        await markMemberDeleted(tx, memberId, { deletedAt: now(), reason: 'staff', note: reason });
        await deleteMemberSessions(tx, memberId);
        await eraseWaitingSelfie(tx, memberId);
      });
      await deps.sessions.ended({ type: 'sessions_ended', member_id: memberId, kept_session_id: null });
    },

    /**
     * POST /api/reactivation.php: a fresh reactivation link for an account deleted within its
     * reactivation days, at most RESET_MAILS_PER_DAY a day. Silent about every other address.
     */
    async requestReactivation(email: string, site: Pick<RequestSite, 'origin'>): Promise<void> {
      const member = await findMemberByEmail(db, email);
      const at = now();
      if (!member?.deletedAt || !deletedAccountReactivatable(member.deletedAt, at)) return;
      const sent = await countTokensSince(db, member.id, 'reactivation', startOfUtcDay(at));
      if (sent >= RESET_MAILS_PER_DAY) return;
      await sendReactivation(member, member.deletedAt, site.origin);
    },

    /**
     * GET /api/reactivate.php: the link of the reactivation mail. True when the account is
     * back; false for an unknown, used or expired link or an account past its days.
     */
    async reactivate(token: string | undefined): Promise<boolean> {
      if (!token || !MAIL_TOKEN_PATTERN.test(token)) return false;
      const at = now();
      const back = await db.transaction(async (tx) => {
        const memberId = await consumeToken(tx, 'reactivation', hashToken(token), at);
        const member = memberId === null ? null : await findMemberById(tx, memberId);
        if (!member?.deletedAt || !deletedAccountReactivatable(member.deletedAt, at)) return false;
        await restoreMember(tx, member.id);
        await spendTokens(tx, member.id, 'reactivation', at);
        return true;
      });
      // Back from deletion, the member reappears in the lists of those who knew them.
      if (back) await deps.answers.staleEverywhere();
      return back;
    },
  };
}
