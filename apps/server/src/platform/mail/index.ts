import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createOutboxMailer } from './outbox.js';
import { createSmtpMailer } from './smtp.js';
import type { Mailer } from './types.js';

export type { Mail, Mailer } from './types.js';
export { listOutbox } from './outbox.js';
export { linksIn } from './links.js';
export type { OutboxRow } from './outbox.js';

/**
 * SMTP through nodemailer when SMTP_URL is set, otherwise the outbox: stored in the database
 * and, with `logLinks` (outside production only: the links hold live tokens), logged with the
 * links it contains, so a developer can follow an activation link.
 */
export function createMailer(opts: {
  smtpUrl: string | null;
  db: Db;
  log: FastifyBaseLogger;
  logLinks: boolean;
}): Mailer {
  return opts.smtpUrl ? createSmtpMailer(opts.smtpUrl) : createOutboxMailer(opts.db, opts.log, opts.logLinks);
}
