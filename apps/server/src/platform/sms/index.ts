import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createOutboxSmsSender } from './outbox.js';
import type { SmsSender } from './types.js';

export type { Sms, SmsSender } from './types.js';
export { listOutboxSms, maskedPhone } from './outbox.js';
export type { OutboxSmsRow } from './outbox.js';
export { directDebitCodeText } from './templates.js';

/**
 * The SMS transport. No SMS provider is configured in this installation, so messages go to the
 * outbox (stored, listed by the dev outbox); a provider adapter would implement SmsSender and be
 * chosen here by its key.
 */
export function createSmsSender(opts: { db: Db; log: FastifyBaseLogger }): SmsSender {
  return createOutboxSmsSender(opts.db, opts.log);
}
