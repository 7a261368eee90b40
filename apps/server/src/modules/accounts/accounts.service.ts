import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_LOCALE,
  emailKey,
  hasTrafficSource,
  isLocale,
  notificationsOffAtSignup,
  type Locale,
  type SignupBody,
  type StoredSettings,
  type User,
} from '@app/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, authenticationRequired, validationFailed, type FieldProblem } from '../../errors.js';
import type { Mailer } from '../../platform/mail/index.js';
import { activationMail, passwordResetMail, type RenderedMail } from '../../platform/mail/templates.js';
import { createSession, hashToken, type Sessions } from '../../plugins/session.js';
import type { MemberAnswers } from '../../plugins/member-answers.js';
import type { ChatService } from '../chat/chat.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { presentUser } from './accounts.presenter.js';
import { isLoginDevice, loadLoginDeviceKey, signLoginDevice } from './login-device.js';
import {
  clearLoginThrottle,
  confirmMember,
  consumeToken,
  countTokensSince,
  deleteMemberSessions,
  findActiveMember,
  findMailboxHolders,
  findMemberByEmail,
  findMemberWithProfile,
  findToken,
  findUserRow,
  forgetBannedEmail,
  insertMember,
  insertPendingFirstMessage,
  insertProfile,
  insertToken,
  insertTracking,
  isEmailKeyBanned,
  lockLoginThrottles,
  recordBannedEmail,
  saveLoginThrottle,
  takeBackLoginAttempt,
  clearAddressLoginThrottle,
  releaseEmail,
  spendTokens,
  updateLanguage,
  updatePasswordHash,
  type MemberRow,
  type TokenKind,
} from './accounts.repository.js';
import {
  ACTIVATION_TOKEN_HOURS,
  RESET_MAILS_PER_DAY,
  RESET_TOKEN_HOURS,
  ACCOUNT_LOGIN_LIMIT,
  ADDRESS_LOGIN_LIMIT,
  EVERY_ADDRESS,
  afterLoginAttempt,
  loginAddressKey,
  birthDateProblem,
  deletedAccountReactivatable,
  isDisposableEmail,
  lockMinutesLeft,
  signupAllowed,
  startOfUtcDay,
  tokenExpiry,
} from './accounts.rules.js';
import type { RequestSite } from '../../plugins/site.js';
import { grantCredits } from '../credits/credits.repository.js';

export interface AccountsServiceDeps {
  db: Db;
  settings: Pick<SettingsService, 'settingsForDomain'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Announces ended sessions: every process forgets them, and their live tabs close. */
  sessions: Pick<Sessions, 'ended'>;
  /** Announces members whose polled answers changed. */
  answers: Pick<MemberAnswers, 'staleEverywhere'>;
  /** Sends the first messages written during signup once the account is confirmed. */
  chat: Pick<ChatService, 'deliverPendingFirstMessages' | 'announce'>;
  now?: () => Date;
}

/** Who is logging in, as far as the login throttle cares. */
export interface LoginClient {
  /** The client address (request.ip, which TRUST_PROXY decides). */
  ip: string;
  /** The login-device cookie, when the browser has one. */
  device?: string | undefined;
}

/** A login or signup: the member as the client sees it and the new session's cookie token. */
export interface LoggedIn {
  user: User;
  sessionToken: string;
}

/** The member's own account: login, signup, activation, password reset, language. */
export type AccountsService = ReturnType<typeof createAccountsService>;

/** Tokens are 32 random bytes in base64url (43 characters). */
export const MAIL_TOKEN_PATTERN = /^[\w-]{40,64}$/;

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum. */
export const hashPassword = (password: string) => hash(password);

/** Whether a password matches a stored hash; a hash that is not argon2 never matches. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // Not an argon2 hash (an imported or placeholder account): never matches.
    return false;
  }
}

/** The From header of a site's mails: its name and support address. */
export function mailFrom(settings: Pick<StoredSettings, 'name' | 'support_email'>): string {
  return `"${settings.name.replace(/"/g, '')}" <${settings.support_email}>`;
}

/** The language of a member's mails. */
export function memberLocale(member: Pick<MemberRow, 'language'>): Locale {
  return isLocale(member.language) ? member.language : DEFAULT_LOCALE;
}

/**
 * Why an address may not hold an account (signup, or an e-mail change to it): a throw-away
 * address, or a mailbox closed by a ban. Null when it may.
 */
export async function mailboxProblem(db: DbOrTx, email: string): Promise<FieldProblem | null> {
  if (isDisposableEmail(email)) return 'email_disposable';
  if (await isEmailKeyBanned(db, emailKey(email))) return 'email_banned';
  return null;
}

/**
 * A ban's side of accounts, in the console's transaction: the member's sessions end and the
 * mailbox may not sign up again (banning again keeps the first reason).
 */
export async function shutOutBannedMember(
  tx: DbOrTx,
  member: { id: number; emailKey: string },
  reason: string,
): Promise<void> {
  await deleteMemberSessions(tx, member.id);
  await recordBannedEmail(tx, member.emailKey, reason);
}

/** A lifted ban's side of accounts, in the console's transaction: the mailbox may sign up again. */
export async function letBannedMailboxBackIn(tx: DbOrTx, emailKey: string): Promise<void> {
  await forgetBannedEmail(tx, emailKey);
}

const limitOf = (address: string) => (address === EVERY_ADDRESS ? ACCOUNT_LOGIN_LIMIT : ADDRESS_LOGIN_LIMIT);
/** After the longer window, a login_attempts row without a lock counts nothing. */
const LOGIN_WINDOW_MAX_MS = Math.max(ACCOUNT_LOGIN_LIMIT.windowMs, ADDRESS_LOGIN_LIMIT.windowMs);

export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, mailer, log } = deps;
  const now = deps.now ?? (() => new Date());

  // Verified against for unknown addresses, so a login takes as long whether or not the
  // address has an account.
  let dummyHash: Promise<string> | null = null;
  const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
  let loginDeviceKey: Promise<Buffer> | null = null;
  const deviceKey = () =>
    (loginDeviceKey ??= loadLoginDeviceKey(db).catch((err: unknown) => {
      loginDeviceKey = null;
      throw err;
    }));

  async function loadUser(memberId: number): Promise<User | null> {
    const row = await findUserRow(db, memberId);
    if (!row) return null;
    const settings = await deps.settings.settingsForDomain(row.member.domain);
    return presentUser(row, { fictionalIcon: settings.fictional_icon, cdnPrefix: settings.cdn_prefix });
  }

  async function mustLoadUser(memberId: number): Promise<User> {
    const user = await loadUser(memberId);
    if (!user) throw authenticationRequired();
    return user;
  }

  /** A new single-use token of a kind for a member; only its hash is stored. */
  async function issueToken(memberId: number, kind: TokenKind, hours: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await insertToken(db, { memberId, kind, tokenHash: hashToken(token), expiresAt: tokenExpiry(now(), hours) });
    return token;
  }

  async function send(member: MemberRow, settings: StoredSettings, mail: RenderedMail): Promise<void> {
    await mailer.send({ to: member.email, from: mailFrom(settings), ...mail });
  }

  async function sendActivation(member: MemberRow, name: string, site: RequestSite): Promise<void> {
    const token = await issueToken(member.id, 'activation', ACTIVATION_TOKEN_HOURS);
    const mail = activationMail({
      locale: memberLocale(member),
      site: { name: site.settings.name, domain: site.domain },
      name,
      link: `${site.origin}/api/activate.php?token=${token}`,
      hours: ACTIVATION_TOKEN_HOURS,
    });
    await send(member, site.settings, mail);
  }

  async function profileName(memberId: number): Promise<string> {
    return (await findMemberWithProfile(db, memberId))?.profile?.name ?? '';
  }

  return {
    /** GET /api/user.php: the session's member, or null for a visitor. */
    async currentUser(memberId: number | null): Promise<User | null> {
      return memberId === null ? null : loadUser(memberId);
    },

    /** PUT /api/user.php: the language the site and its e-mails use for this member. */
    async changeLanguage(memberId: number, language: Locale): Promise<User> {
      await updateLanguage(db, memberId, language);
      return mustLoadUser(memberId);
    },

    /**
     * POST /api/user.php. Unknown address, deleted account and wrong password all answer
     * login_failed, after the same argon2 work. Attempts are counted before the password is
     * checked, per account and client address and per account over all addresses (accounts.rules
     * ADDRESS_LOGIN_LIMIT, ACCOUNT_LOGIN_LIMIT), so parallel guesses cannot pass a limit; a right
     * password takes its attempt back. A locked account answers account_locked with the minutes
     * left, and the failure that locks it does too; the lock from one address leaves the owner
     * free elsewhere, and the account-wide one spares a browser that logged in before. A banned
     * account answers account_banned with the staff's reason (shown on /pages/ban).
     */
    async login(email: string, password: string, client: LoginClient): Promise<LoggedIn & { deviceToken: string }> {
      const found = await findMemberByEmail(db, email);
      const member = found && !found.deletedAt ? found : null;
      if (!member) {
        await verifyPassword(await dummy(), password);
        throw new AppError(401, 'login_failed');
      }
      const at = now();
      const key = await deviceKey();
      const address = loginAddressKey(client.ip);
      const addresses = isLoginDevice(key, client.device, member, at) ? [address] : [address, EVERY_ADDRESS];
      const claim = await db.transaction(async (tx) => {
        const rows = await lockLoginThrottles(
          tx,
          member.id,
          addresses,
          at,
          new Date(at.getTime() - LOGIN_WINDOW_MAX_MS),
        );
        const locked = Math.max(...addresses.map((a) => lockMinutesLeft(rows.get(a), at)));
        if (locked > 0) return { locked, attempts: [] };
        const attempts = addresses.map((a) => {
          const previous = rows.get(a) ?? { failures: 0, windowStart: at, lockedUntil: null };
          return { address: a, previous, next: afterLoginAttempt(previous, at, limitOf(a)) };
        });
        for (const attempt of attempts) await saveLoginThrottle(tx, member.id, attempt.address, attempt.next);
        return { locked: 0, attempts };
      });
      if (claim.locked > 0) throw new AppError(423, 'account_locked', undefined, { minutes: claim.locked });

      if (!(await verifyPassword(member.passwordHash, password))) {
        const minutes = Math.max(...claim.attempts.map((a) => lockMinutesLeft(a.next, at)));
        if (minutes > 0) {
          log.warn({ memberId: member.id }, 'account locked after repeated failed logins');
          throw new AppError(423, 'account_locked', undefined, { minutes });
        }
        throw new AppError(401, 'login_failed');
      }
      await db.transaction(async (tx) => {
        await clearAddressLoginThrottle(tx, member.id, address);
        const everywhere = claim.attempts.find((a) => a.address === EVERY_ADDRESS);
        if (everywhere) await takeBackLoginAttempt(tx, member.id, EVERY_ADDRESS, everywhere);
      });
      // Only after the right password, so the ban and its reason are told to its owner alone.
      if (member.bannedAt) throw new AppError(403, 'account_banned', undefined, { reason: member.banReason ?? '' });
      const { token } = await createSession(db, member.id);
      return {
        user: await mustLoadUser(member.id),
        sessionToken: token,
        deviceToken: signLoginDevice(key, member.id, member.passwordHash, at),
      };
    },

    /**
     * POST /api/signup.php: creates the member (not confirmed, profile disabled, the site's
     * signup credits), keeps the traffic source and a first message, mails the activation
     * link at once and logs the member in.
     */
    async signup(body: SignupBody, site: RequestSite): Promise<LoggedIn> {
      if (!signupAllowed(site.settings.signups, body.tracking)) throw new AppError(403, 'signups_closed');
      const at = now();
      const key = emailKey(body.email);
      const fields: Record<string, FieldProblem> = {};
      const dateProblem = birthDateProblem(body.date_of_birth, site.settings.min_age, at);
      if (dateProblem) fields.date_of_birth = dateProblem;
      const emailProblem = await mailboxProblem(db, body.email);
      if (emailProblem) fields.email = emailProblem;
      if (Object.keys(fields).length > 0) throw validationFailed(fields);

      // One account per mailbox: a dot or +tag variant of a used address counts as that address.
      const holders = await findMailboxHolders(db, body.email, key);
      if (holders.some((holder) => !holder.deletedAt)) throw new AppError(409, 'email_taken');
      if (holders.some((holder) => holder.deletedAt && deletedAccountReactivatable(holder.deletedAt, at))) {
        throw new AppError(409, 'account_deleted');
      }

      const passwordHash = await hashPassword(body.password);
      const recipient = body.recipient_id ? await findActiveMember(db, body.recipient_id) : null;
      const message = body.signup_message?.trim();

      let member: MemberRow;
      try {
        member = await db.transaction(async (tx) => {
          for (const holder of holders) await releaseEmail(tx, holder.id);
          let created = await insertMember(tx, {
            email: body.email,
            emailKey: key,
            passwordHash,
            status: 'not_confirmed',
            language: body.language,
            domain: site.domain,
            signupDate: at,
            notificationsOff: notificationsOffAtSignup(body.marketing === true),
          });
          const credits = site.settings.signup_credits;
          if (credits > 0) {
            const balance = await grantCredits(tx, { memberId: created.id, credits, reason: 'signup' });
            created = { ...created, credits: balance ?? 0 };
          }
          await insertProfile(tx, {
            memberId: created.id,
            name: body.name,
            gender: body.gender,
            sexuality: body.sexuality,
            birthDate: body.date_of_birth,
            country: body.country,
            status: 'disabled',
          });
          if (hasTrafficSource(body.tracking) || body.landing) {
            const t = body.tracking ?? {};
            await insertTracking(tx, {
              memberId: created.id,
              network: t.network?.trim() || null,
              ref: t.ref?.trim() || null,
              sub1: t.sub1?.trim() || null,
              sub2: t.sub2?.trim() || null,
              sub3: t.sub3?.trim() || null,
              landing: body.landing || null,
            });
          }
          if (recipient && message && recipient.id !== created.id) {
            await insertPendingFirstMessage(tx, { senderId: created.id, recipientId: recipient.id, body: message });
          }
          return created;
        });
      } catch (error) {
        // Two signups with one address at the same moment: the second finds it taken.
        if (isUniqueViolation(error)) throw new AppError(409, 'email_taken');
        throw error;
      }

      try {
        await sendActivation(member, body.name, site);
      } catch (err) {
        // The account exists; the member can ask for the mail again.
        log.error({ err, memberId: member.id }, 'sending the activation mail failed');
      }
      const { token } = await createSession(db, member.id);
      return { user: await mustLoadUser(member.id), sessionToken: token };
    },

    /**
     * GET /api/activate.php: confirms the account of an activation token. True when the account
     * is (now or already) confirmed by this token; false for an unknown or expired one.
     */
    async activate(token: string | undefined): Promise<boolean> {
      if (!token || !MAIL_TOKEN_PATTERN.test(token)) return false;
      const tokenHash = hashToken(token);
      const { ok, delivered } = await db.transaction(async (tx) => {
        const memberId = await consumeToken(tx, 'activation', tokenHash, now());
        if (memberId !== null) {
          const member = await findActiveMember(tx, memberId);
          if (!member) return { ok: false, delivered: [] };
          await confirmMember(tx, memberId);
          return { ok: true, delivered: await deps.chat.deliverPendingFirstMessages(tx, memberId) };
        }
        // A second click on a link that already worked still shows the good news.
        const used = await findToken(tx, 'activation', tokenHash);
        if (!used?.usedAt) return { ok: false, delivered: [] };
        const member = await findActiveMember(tx, used.memberId);
        return { ok: member?.status === 'confirmed', delivered: [] };
      });
      await deps.chat.announce(delivered);
      // A confirmed member may appear in others' lists, which do not show them yet.
      if (ok) await deps.answers.staleEverywhere();
      return ok;
    },

    /** POST /api/activation.php: mails a fresh activation link to an unconfirmed member. */
    async resendActivation(memberId: number, site: Omit<RequestSite, 'domain' | 'settings'>): Promise<void> {
      const member = await findActiveMember(db, memberId);
      if (!member) throw authenticationRequired();
      if (member.status === 'confirmed') throw new AppError(409, 'activation_failed');
      const settings = await deps.settings.settingsForDomain(member.domain);
      await sendActivation(member, await profileName(member.id), { ...site, domain: member.domain, settings });
    },

    /**
     * POST /api/password-reset.php: mails a reset link (2 hours, single use). The spec wants
     * an unknown address said out loud (email_not_found); at most 3 mails a member a day.
     */
    async requestPasswordReset(email: string, site: Omit<RequestSite, 'domain' | 'settings'>): Promise<void> {
      const member = await findMemberByEmail(db, email);
      if (!member || member.deletedAt) throw new AppError(404, 'email_not_found');
      const sent = await countTokensSince(db, member.id, 'password_reset', startOfUtcDay(now()));
      if (sent >= RESET_MAILS_PER_DAY) throw new AppError(429, 'reset_limit_reached');
      const token = await issueToken(member.id, 'password_reset', RESET_TOKEN_HOURS);
      const settings = await deps.settings.settingsForDomain(member.domain);
      const mail = passwordResetMail({
        locale: memberLocale(member),
        site: { name: settings.name, domain: member.domain },
        name: await profileName(member.id),
        link: `${site.origin}/reset-password/do?token=${token}`,
        hours: RESET_TOKEN_HOURS,
      });
      await send(member, settings, mail);
    },

    /**
     * POST /api/password-reset-do.php: sets a new password with a reset token, spends every
     * reset link of the member, ends all the member's sessions and lifts a login lock.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      if (!MAIL_TOKEN_PATTERN.test(token)) throw new AppError(400, 'reset_token_invalid');
      const passwordHash = await hashPassword(password);
      const memberId = await db.transaction(async (tx) => {
        const at = now();
        const owner = await consumeToken(tx, 'password_reset', hashToken(token), at);
        if (owner === null || !(await findActiveMember(tx, owner))) {
          throw new AppError(400, 'reset_token_invalid');
        }
        await updatePasswordHash(tx, owner, passwordHash);
        await spendTokens(tx, owner, 'password_reset', at);
        await deleteMemberSessions(tx, owner);
        await clearLoginThrottle(tx, owner);
        return owner;
      });
      await deps.sessions.ended({ type: 'sessions_ended', member_id: memberId, kept_session_id: null });
    },
  };
}
