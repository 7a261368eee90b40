import nodemailer from 'nodemailer';
import type { Mailer } from './types.js';

/**
 * Mail through an SMTP server named by an smtp:// or smtps:// URL (user and password in it).
 * nodemailer keeps the connection settings; a failed send rejects, so the caller decides.
 */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        to: mail.to,
        ...(mail.from ? { from: mail.from } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}
