import type { ComplaintTopic, Locale } from '@app/shared';
import { escapeHtml, mailText, type MailKey, type MailSite, type RenderedMail } from '../../platform/mail/templates.js';

/** What both complaint mails say about a complaint. */
export interface ComplaintMailFields {
  /** complaintReference(id), e.g. C-000123. */
  reference: string;
  name: string;
  email: string;
  topic: ComplaintTopic;
  subject: string | null;
  message: string;
  memberId: number | null;
  /** The sender's language. */
  language: Locale;
  domain: string;
}

/**
 * How much of the message the sender's copy repeats. The copy reminds them what they sent; it
 * is short so the form cannot be used to mail long texts to any address.
 */
export const COMPLAINT_COPY_LENGTH = 500;

const TOPIC_KEYS: Record<ComplaintTopic, MailKey> = {
  member: 'complaint_topic_member',
  payment: 'complaint_topic_payment',
  service: 'complaint_topic_service',
  other: 'complaint_topic_other',
};

/** The start of a text, cut at a word where possible, with an ellipsis when cut. */
export function excerpt(text: string, max = COMPLAINT_COPY_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A text as HTML paragraphs' content: escaped, line breaks kept. */
function multiline(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/** Label and value rows as plain text lines and as an HTML table. */
function rows(entries: Array<[label: string, value: string]>): { text: string[]; html: string } {
  return {
    text: entries.map(([label, value]) => `${label}: ${value}`),
    html: `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:16px 0;border-collapse:collapse;font-size:14px">
${entries
  .map(
    ([label, value]) =>
      `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#6b5d50;font-weight:normal;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0;word-break:break-word">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>`,
  };
}

/** The frame every mail of the site shares: heading, body, footer. */
function page(locale: Locale, title: string, heading: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f1eb;font-family:Arial,Helvetica,sans-serif;color:#2b2118">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px">
<tr><td style="padding:32px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 32px;font-size:12px;color:#6b5d50;border-top:1px solid #eee">${escapeHtml(footer)}</td></tr>
</table>
</body></html>
`;
}

const quote = (html: string) =>
  `<blockquote style="margin:8px 0 16px;padding:12px 16px;background:#f6f1eb;border-left:4px solid #a8742f;border-radius:4px">${html}</blockquote>`;

/**
 * The confirmation to the sender, in their language: the reference, a short copy of what they
 * wrote, what happens next and how to add to it (the support address; a reply reaches support
 * too, as the mail comes from it).
 */
export function complaintConfirmationMail(opts: {
  locale: Locale;
  site: MailSite;
  supportEmail: string;
  complaint: ComplaintMailFields;
}): RenderedMail {
  const { locale, site, supportEmail, complaint: c } = opts;
  const p = {
    site: site.name,
    domain: site.domain,
    name: c.name,
    reference: c.reference,
    support_email: supportEmail,
  };
  const line = (key: MailKey) => mailText(locale, key, p);
  const copy = excerpt(c.message);
  const details = rows([
    [line('complaint_reference_label'), c.reference],
    [line('complaint_topic_label'), line(TOPIC_KEYS[c.topic])],
    ...(c.subject ? [[line('complaint_subject_label'), c.subject] as [string, string]] : []),
  ]);
  const text = [
    line('greeting'),
    '',
    line('complaint_body'),
    '',
    line('complaint_copy'),
    ...details.text,
    `${line('complaint_message_label')}:`,
    ...copy.split(/\r?\n/).map((l) => `> ${l}`),
    '',
    line('complaint_next'),
    '',
    line('complaint_more'),
    '',
    '-- ',
    line('footer'),
    '',
  ].join('\n');
  const support = escapeHtml(supportEmail);
  const more = escapeHtml(line('complaint_more'))
    .split(support)
    .join(`<a href="mailto:${support}" style="color:#7a4f1d">${support}</a>`);
  const html = page(
    locale,
    line('complaint_subject'),
    line('complaint_heading'),
    [
      `<p>${escapeHtml(line('greeting'))}</p>`,
      `<p>${escapeHtml(line('complaint_body'))}</p>`,
      `<p style="margin-bottom:0"><strong>${escapeHtml(line('complaint_copy'))}</strong></p>`,
      details.html,
      quote(multiline(copy)),
      `<p>${escapeHtml(line('complaint_next'))}</p>`,
      `<p>${more}</p>`,
    ].join('\n'),
    line('footer'),
  );
  return { subject: line('complaint_subject'), text, html };
}

/**
 * The complaint for support, in the site's language: every field, the member id when a member
 * sent it, and the reference. The caller sets Reply-To to the sender.
 */
export function complaintSupportMail(opts: {
  locale: Locale;
  site: MailSite;
  complaint: ComplaintMailFields;
}): RenderedMail {
  const { locale, site, complaint: c } = opts;
  const topic = mailText(locale, TOPIC_KEYS[c.topic]);
  // The name goes into the Subject header: one line.
  const name = c.name.replace(/\s+/g, ' ');
  const p = { site: site.name, domain: site.domain, name, reference: c.reference, topic };
  const line = (key: MailKey) => mailText(locale, key, p);
  const details = rows([
    [line('complaint_reference_label'), c.reference],
    [line('complaint_topic_label'), topic],
    [line('complaint_subject_label'), c.subject ?? line('complaint_subject_none')],
    [line('complaint_name_label'), c.name],
    [line('complaint_email_label'), c.email],
    [line('complaint_member_label'), c.memberId === null ? line('complaint_member_none') : String(c.memberId)],
    [line('complaint_language_label'), c.language],
    [line('complaint_site_label'), c.domain],
  ]);
  const text = [
    line('complaint_support_body'),
    '',
    ...details.text,
    '',
    `${line('complaint_message_label')}:`,
    c.message,
    '',
    '-- ',
    line('footer'),
    '',
  ].join('\n');
  const html = page(
    locale,
    line('complaint_support_subject'),
    line('complaint_support_heading'),
    [
      `<p>${escapeHtml(line('complaint_support_body'))}</p>`,
      details.html,
      `<p style="margin-bottom:0"><strong>${escapeHtml(line('complaint_message_label'))}</strong></p>`,
      quote(multiline(c.message)),
    ].join('\n'),
    line('footer'),
  );
  return { subject: line('complaint_support_subject'), text, html };
}
