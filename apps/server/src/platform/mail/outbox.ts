import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { outboxMails } from '../../db/schema/index.js';
import type { Mailer } from './types.js';
import { linksIn } from './links.js';

export type OutboxRow = typeof outboxMails.$inferSelect;

/**
 * The mail transport without SMTP: every mail is stored in outbox_mails and logged at info
 * with its recipient, subject and links (the mails carry links, never passwords). A Reply-To
 * is kept with the headers, as SMTP would send it.
 */
export function createOutboxMailer(db: DbOrTx, log: FastifyBaseLogger): Mailer {
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
      log.info({ to: mail.to, subject: mail.subject, links: linksIn(mail.text) }, 'mail stored in the outbox');
    },
    async close() {},
  };
}

/** The newest outbox mails first. */
export async function listOutbox(db: DbOrTx, limit = 100): Promise<OutboxRow[]> {
  return db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(limit);
}
