import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { outboxMails } from '../../db/schema/index.js';
import type { Mailer } from './types.js';
import { linksIn } from './links.js';

export type OutboxRow = typeof outboxMails.$inferSelect;

/**
 * The mail transport without SMTP: every mail is stored in outbox_mails and logged at info
 * with its recipient and subject, and its links when `logLinks` (they carry live tokens, so
 * never in production). A Reply-To is kept with the headers, as SMTP would send it.
 */
export function createOutboxMailer(db: DbOrTx, log: FastifyBaseLogger, logLinks: boolean): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(outboxMails).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { ...mail.headers, ...(mail.replyTo ? { 'Reply-To': mail.replyTo } : {}) },
      });
      log.info(
        { to: mail.to, subject: mail.subject, ...(logLinks ? { links: linksIn(mail.text) } : {}) },
        'mail stored in the outbox',
      );
    },
    async close() {},
  };
}

/** The newest outbox mails first. */
export async function listOutbox(db: DbOrTx, limit = 100): Promise<OutboxRow[]> {
  return db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(limit);
}
