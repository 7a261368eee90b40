import type { FastifyBaseLogger } from 'fastify';
import { complaintReference, type ComplaintBody, type ComplaintResponse, type Locale } from '@app/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Mailer } from '../../platform/mail/index.js';
import { mailFrom } from '../accounts/accounts.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { complaintConfirmationMail, complaintSupportMail, type ComplaintMailFields } from './complaints.mails.js';
import { presentComplaint } from './complaints.presenter.js';
import { anonymizeMemberComplaints, insertComplaint } from './complaints.repository.js';

/**
 * Before accounts are erased: their complaints keep their rows, as a record that a complaint
 * was made and how it was handled, without what identifies the sender. Call it in the erasing
 * transaction.
 */
export async function blankErasedMembersComplaints(db: DbOrTx, memberIds: number[]): Promise<void> {
  await anonymizeMemberComplaints(db, memberIds);
}

export interface ComplaintsServiceDeps {
  db: Db;
  settings: Pick<SettingsService, 'resolveSite'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Who files a complaint and where: the request's host, language and member, if any. */
export interface ComplaintSender {
  host: string;
  /** The language the sender reads the site in: stored, and the confirmation's language. */
  locale: Locale;
  /** The logged-in member, or null for a visitor. */
  memberId: number | null;
}

/** The /complaints form: storing a complaint and mailing it. */
export type ComplaintsService = ReturnType<typeof createComplaintsService>;

/** A sender's name in a mail header: without the quotes and line breaks that would break it. */
function displayName(name: string): string {
  return name.replace(/["\\\r\n]/g, '').trim();
}

/**
 * What a failed mail is logged with: the error's kind and code, never its message, which may
 * name the address it was for.
 */
function mailError(err: unknown): { name?: string; code?: string } {
  if (!(err instanceof Error)) return {};
  const code = (err as { code?: unknown }).code;
  return { name: err.name, ...(typeof code === 'string' ? { code } : {}) };
}

export function createComplaintsService(deps: ComplaintsServiceDeps) {
  const { db, mailer, log } = deps;

  return {
    /**
     * Stores a complaint (status 'open') and then mails it: a confirmation to the sender in their
     * language, and the complaint to the site's support address in the site's language with the
     * sender as Reply-To. The complaint is stored first and stays stored whatever the mails do;
     * a failed mail is logged with ids only.
     */
    async fileComplaint(body: ComplaintBody, sender: ComplaintSender): Promise<ComplaintResponse> {
      const { domain, site } = await deps.settings.resolveSite({ host: sender.host });
      const settings = site.settings;
      const row = await insertComplaint(db, {
        domain,
        language: sender.locale,
        memberId: sender.memberId,
        name: body.name,
        email: body.email,
        topic: body.topic,
        subject: body.subject ? body.subject : null,
        message: body.message,
      });
      log.info({ complaintId: row.id, memberId: row.memberId, topic: row.topic }, 'complaint filed');

      const fields: ComplaintMailFields = {
        reference: complaintReference(row.id),
        name: row.name,
        email: row.email,
        topic: row.topic,
        subject: row.subject,
        message: row.message,
        memberId: row.memberId,
        language: sender.locale,
        domain,
      };
      const mailSite = { name: settings.name, domain };
      const from = mailFrom(settings);
      const sends: Array<[kind: string, send: () => Promise<void>]> = [
        [
          'confirmation',
          () =>
            mailer.send({
              to: row.email,
              from,
              ...complaintConfirmationMail({
                locale: sender.locale,
                site: mailSite,
                supportEmail: settings.support_email,
                complaint: fields,
              }),
            }),
        ],
        [
          'support',
          () =>
            mailer.send({
              to: settings.support_email,
              from,
              replyTo: `"${displayName(row.name)}" <${row.email}>`,
              ...complaintSupportMail({ locale: settings.domain_language, site: mailSite, complaint: fields }),
            }),
        ],
      ];
      const results = await Promise.allSettled(sends.map(([, send]) => send()));
      results.forEach((result, index) => {
        if (result.status === 'rejected') {
          log.error(
            { complaintId: row.id, mail: sends[index]![0], err: mailError(result.reason) },
            'sending a complaint mail failed',
          );
        }
      });
      return { complaint: presentComplaint(row) };
    },
  };
}
