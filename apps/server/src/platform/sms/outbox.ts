import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { outboxSms } from '../../db/schema/index.js';
import type { SmsSender } from './types.js';

export type OutboxSmsRow = typeof outboxSms.$inferSelect;

/** A phone number for logs: its last two digits only. */
export function maskedPhone(phone: string): string {
  return `…${phone.slice(-2)}`;
}

/**
 * The SMS transport without an SMS provider: every message is stored in outbox_sms, where the
 * dev outbox lists it. The log line names neither the number nor the text, which holds a code.
 */
export function createOutboxSmsSender(db: DbOrTx, log: FastifyBaseLogger): SmsSender {
  return {
    kind: 'outbox',
    async send(sms) {
      await db.insert(outboxSms).values({ to: sms.to, text: sms.text });
      log.info({ to: maskedPhone(sms.to) }, 'text message stored in the outbox');
    },
  };
}

/** The newest outbox text messages first. */
export async function listOutboxSms(db: DbOrTx, limit = 100): Promise<OutboxSmsRow[]> {
  return db.select().from(outboxSms).orderBy(desc(outboxSms.id)).limit(limit);
}
