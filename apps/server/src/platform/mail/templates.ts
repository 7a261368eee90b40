import { DEFAULT_LOCALE, type Locale } from '@app/shared';
import da from '@app/i18n/locales/da/mail.json' with { type: 'json' };
import de from '@app/i18n/locales/de/mail.json' with { type: 'json' };
import en from '@app/i18n/locales/en/mail.json' with { type: 'json' };
import es from '@app/i18n/locales/es/mail.json' with { type: 'json' };
import fi from '@app/i18n/locales/fi/mail.json' with { type: 'json' };
import fr from '@app/i18n/locales/fr/mail.json' with { type: 'json' };
import it from '@app/i18n/locales/it/mail.json' with { type: 'json' };
import nl from '@app/i18n/locales/nl/mail.json' with { type: 'json' };
import no from '@app/i18n/locales/no/mail.json' with { type: 'json' };
import pl from '@app/i18n/locales/pl/mail.json' with { type: 'json' };
import sv from '@app/i18n/locales/sv/mail.json' with { type: 'json' };

export type MailKey = keyof typeof nl;
const CATALOGUES: Record<Locale, Record<MailKey, string>> = { nl, en, de, fr, da, es, fi, it, no, pl, sv };

/** The site a mail is sent for: its name and domain come from the settings. */
export interface MailSite {
  name: string;
  domain: string;
}

/** A mail's rendered parts; the caller adds the recipient. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function t(locale: Locale, key: MailKey, params: Record<string, string | number>): string {
  const text = CATALOGUES[locale][key] ?? CATALOGUES[DEFAULT_LOCALE][key];
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

interface ActionMail {
  subject: MailKey;
  heading: MailKey;
  body: MailKey;
  button: MailKey;
  expiry: MailKey;
  ignore: MailKey;
}

const ACTIVATION: ActionMail = {
  subject: 'activation_subject',
  heading: 'activation_heading',
  body: 'activation_body',
  button: 'activation_button',
  expiry: 'activation_expiry',
  ignore: 'activation_ignore',
};

const EMAIL_CHANGE: ActionMail = {
  subject: 'email_change_subject',
  heading: 'email_change_heading',
  body: 'email_change_body',
  button: 'email_change_button',
  expiry: 'email_change_expiry',
  ignore: 'email_change_ignore',
};

const ACCOUNT_DELETED: ActionMail = {
  subject: 'account_deleted_subject',
  heading: 'account_deleted_heading',
  body: 'account_deleted_body',
  button: 'account_deleted_button',
  expiry: 'account_deleted_expiry',
  ignore: 'account_deleted_ignore',
};

const RESET: ActionMail = {
  subject: 'reset_subject',
  heading: 'reset_heading',
  body: 'reset_body',
  button: 'reset_button',
  expiry: 'reset_expiry',
  ignore: 'reset_ignore',
};

/**
 * A mail with one call to action: greeting, explanation, a button with the link (and the link
 * as text for clients that hide buttons), how long it is valid, what to do if unexpected.
 * Every value is escaped in the HTML part.
 */
function actionMail(
  parts: ActionMail,
  opts: { locale: Locale; site: MailSite; name: string; link: string; params: Record<string, string | number> },
): RenderedMail {
  const { locale, site, name, link } = opts;
  const p = { ...opts.params, site: site.name, domain: site.domain, name };
  const line = (key: MailKey) => t(locale, key, p);
  const text = [
    line('greeting'),
    '',
    line(parts.body),
    '',
    `${line(parts.button)}: ${link}`,
    '',
    line(parts.expiry),
    line(parts.ignore),
    '',
    '-- ',
    line('footer'),
    '',
  ].join('\n');
  const e = (key: MailKey) => escapeHtml(line(key));
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f1eb;font-family:Arial,Helvetica,sans-serif;color:#2b2118">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px">
<tr><td style="padding:32px">
<h1 style="font-size:22px;margin:0 0 16px">${e(parts.heading)}</h1>
<p>${e('greeting')}</p>
<p>${e(parts.body)}</p>
<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 24px;background:#a8742f;color:#fff;text-decoration:none;border-radius:4px;font-weight:bold">${e(parts.button)}</a></p>
<p style="font-size:13px">${e('link_fallback')}<br><a href="${href}" style="color:#7a4f1d;word-break:break-all">${href}</a></p>
<p style="font-size:13px">${e(parts.expiry)}</p>
<p style="font-size:13px;color:#6b5d50">${e(parts.ignore)}</p>
</td></tr>
<tr><td style="padding:16px 32px;font-size:12px;color:#6b5d50;border-top:1px solid #eee">${e('footer')}</td></tr>
</table>
</body></html>
`;
  return { subject: line(parts.subject), text, html };
}

/** The activation mail of a new member, with the link to /api/activate.php. */
export function activationMail(opts: {
  locale: Locale;
  site: MailSite;
  name: string;
  link: string;
  hours: number;
}): RenderedMail {
  return actionMail(ACTIVATION, { ...opts, params: { hours: opts.hours } });
}

/** The password-reset mail, with the link to /reset-password/do. */
export function passwordResetMail(opts: {
  locale: Locale;
  site: MailSite;
  name: string;
  link: string;
  hours: number;
}): RenderedMail {
  return actionMail(RESET, { ...opts, params: { hours: opts.hours } });
}

/** The confirmation of an e-mail change, sent to the new address, with the link to /mail-change/do. */
export function emailChangeMail(opts: {
  locale: Locale;
  site: MailSite;
  name: string;
  /** The new address, named in the text so the reader knows what they confirm. */
  email: string;
  link: string;
  hours: number;
}): RenderedMail {
  return actionMail(EMAIL_CHANGE, { ...opts, params: { email: opts.email, hours: opts.hours } });
}

/**
 * The mail of a deleted account, with the reactivation link. `until` is the last moment it
 * works, named as a date in the member's language.
 */
export function accountDeletedMail(opts: {
  locale: Locale;
  site: MailSite;
  name: string;
  link: string;
  until: Date;
}): RenderedMail {
  const date = new Intl.DateTimeFormat(opts.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(opts.until);
  return actionMail(ACCOUNT_DELETED, { ...opts, params: { date } });
}

/**
 * The notice to the old address after an e-mail change: no link to follow, only where to turn
 * if the member did not make the change (the support address, as a mailto link in the HTML).
 */
export function emailChangedMail(opts: {
  locale: Locale;
  site: MailSite;
  name: string;
  /** The new address. */
  email: string;
  supportEmail: string;
}): RenderedMail {
  const { locale, site, name, email, supportEmail } = opts;
  const p = { site: site.name, domain: site.domain, name, email, support_email: supportEmail };
  const line = (key: MailKey) => t(locale, key, p);
  const text = [
    line('greeting'),
    '',
    line('email_changed_body'),
    '',
    line('email_changed_not_you'),
    '',
    '-- ',
    line('footer'),
    '',
  ].join('\n');
  const e = (key: MailKey) => escapeHtml(line(key));
  const support = escapeHtml(supportEmail);
  const notYou = e('email_changed_not_you')
    .split(support)
    .join(`<a href="mailto:${support}" style="color:#7a4f1d">${support}</a>`);
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e('email_changed_subject')}</title></head>
<body style="margin:0;padding:24px;background:#f6f1eb;font-family:Arial,Helvetica,sans-serif;color:#2b2118">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px">
<tr><td style="padding:32px">
<h1 style="font-size:22px;margin:0 0 16px">${e('email_changed_heading')}</h1>
<p>${e('greeting')}</p>
<p>${e('email_changed_body')}</p>
<p>${notYou}</p>
</td></tr>
<tr><td style="padding:16px 32px;font-size:12px;color:#6b5d50;border-top:1px solid #eee">${e('footer')}</td></tr>
</table>
</body></html>
`;
  return { subject: line('email_changed_subject'), text, html };
}

/** A key with a plural form: `${base}_one`, `_few`, ... as the language's plural rules pick. */
function tp(locale: Locale, base: string, count: number, params: Record<string, string | number>): string {
  const form = new Intl.PluralRules(locale).select(count);
  const key = (`${base}_${form}` in CATALOGUES[locale] ? `${base}_${form}` : `${base}_other`) as MailKey;
  return t(locale, key, { ...params, count });
}

/** Names as a list in the language: "Anna, Bram en Cas". */
function nameList(locale: Locale, names: string[]): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
}

/**
 * The headers of RFC 2369 and RFC 8058 that let a mail client offer "unsubscribe" and do it in
 * one click, by a POST to the same link.
 */
export function unsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** What every notification mail needs: who, where, the page its button opens, the way out. */
export interface NotificationMailOpts {
  locale: Locale;
  site: MailSite;
  name: string;
  /** The page of the site the button opens. */
  link: string;
  /** The one-click unsubscribe link, also in the List-Unsubscribe header. */
  unsubscribeLink: string;
}

/** A rendered notification mail with its unsubscribe headers. */
export interface NotificationMail extends RenderedMail {
  headers: Record<string, string>;
}

/**
 * A notification: greeting, its lines, a button to the site, and a footer that says why it came
 * and links to the one-click unsubscribe. Every value is escaped in the HTML part.
 */
function notificationMail(
  opts: NotificationMailOpts,
  parts: { subject: string; heading: string; lines: string[]; button: string },
): NotificationMail {
  const { locale, site, name, link, unsubscribeLink } = opts;
  const p = { site: site.name, domain: site.domain, name };
  const line = (key: MailKey) => t(locale, key, p);
  const text = [
    line('greeting'),
    '',
    ...parts.lines,
    '',
    `${parts.button}: ${link}`,
    '',
    '-- ',
    line('notify_reason'),
    `${line('notify_unsubscribe')}: ${unsubscribeLink}`,
    line('footer'),
    '',
  ].join('\n');
  const e = (key: MailKey) => escapeHtml(line(key));
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f1eb;font-family:Arial,Helvetica,sans-serif;color:#2b2118">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px">
<tr><td style="padding:32px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(parts.heading)}</h1>
<p>${e('greeting')}</p>
${parts.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 24px;background:#a8742f;color:#fff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(parts.button)}</a></p>
</td></tr>
<tr><td style="padding:16px 32px;font-size:12px;color:#6b5d50;border-top:1px solid #eee">${e('notify_reason')}<br><a href="${escapeHtml(unsubscribeLink)}" style="color:#7a4f1d">${e('notify_unsubscribe')}</a><br>${e('footer')}</td></tr>
</table>
</body></html>
`;
  return { subject: parts.subject, text, html, headers: unsubscribeHeaders(unsubscribeLink) };
}

/** The first message of a conversation someone started with the member. */
export function newConversationMail(opts: NotificationMailOpts & { sender: string }): NotificationMail {
  const p = { site: opts.site.name, sender: opts.sender };
  return notificationMail(opts, {
    subject: t(opts.locale, 'new_conversation_subject', p),
    heading: t(opts.locale, 'new_conversation_heading', p),
    lines: [t(opts.locale, 'new_conversation_body', p)],
    button: t(opts.locale, 'new_conversation_button', p),
  });
}

/** New messages since the last mail, counted, with who wrote them. */
export function newMessagesMail(opts: NotificationMailOpts & { count: number; senders: string[] }): NotificationMail {
  const p = { site: opts.site.name, senders: nameList(opts.locale, opts.senders) };
  return notificationMail(opts, {
    subject: tp(opts.locale, 'new_messages_subject', opts.count, p),
    heading: t(opts.locale, 'new_messages_heading', p),
    lines: [tp(opts.locale, 'new_messages_body', opts.count, p)],
    button: t(opts.locale, 'messages_button', p),
  });
}

/** Someone liked the member. */
export function likeMail(opts: NotificationMailOpts & { liker: string }): NotificationMail {
  const p = { site: opts.site.name, liker: opts.liker };
  return notificationMail(opts, {
    subject: t(opts.locale, 'like_subject', p),
    heading: t(opts.locale, 'like_heading', p),
    lines: [t(opts.locale, 'like_body', p)],
    button: t(opts.locale, 'like_button', p),
  });
}

/** Someone opened the member's profile (at most one such mail a day); who is not told. */
export function visitMail(opts: NotificationMailOpts): NotificationMail {
  const p = { site: opts.site.name };
  return notificationMail(opts, {
    subject: t(opts.locale, 'visit_subject', p),
    heading: t(opts.locale, 'visit_heading', p),
    lines: [t(opts.locale, 'visit_body', p)],
    button: t(opts.locale, 'visit_button', p),
  });
}

/** A moderator's decision on the member's verification request; a rejection carries its reason. */
export function verificationMail(
  opts: NotificationMailOpts & { outcome: 'approved' | 'rejected'; reason: string | null },
): NotificationMail {
  const p = { site: opts.site.name, reason: opts.reason ?? '' };
  const approved = opts.outcome === 'approved';
  return notificationMail(opts, {
    subject: t(opts.locale, approved ? 'verification_approved_subject' : 'verification_rejected_subject', p),
    heading: t(opts.locale, approved ? 'verification_approved_heading' : 'verification_rejected_heading', p),
    lines: [t(opts.locale, approved ? 'verification_approved_body' : 'verification_rejected_body', p)],
    button: t(opts.locale, 'verification_button', p),
  });
}

/** Messages left unread for a long time. */
export function unreadReminderMail(
  opts: NotificationMailOpts & { count: number; senders: string[] },
): NotificationMail {
  const p = { site: opts.site.name, senders: nameList(opts.locale, opts.senders) };
  return notificationMail(opts, {
    subject: t(opts.locale, 'reminder_subject', p),
    heading: t(opts.locale, 'reminder_heading', p),
    lines: [tp(opts.locale, 'reminder_body', opts.count, p)],
    button: t(opts.locale, 'messages_button', p),
  });
}

/** The week in numbers; only the non-zero ones are named. */
export function weeklyUpdateMail(
  opts: NotificationMailOpts & { newMembers: number; likes: number; unread: number },
): NotificationMail {
  const p = { site: opts.site.name };
  const counts: Array<[string, number]> = [
    ['weekly_new_members', opts.newMembers],
    ['weekly_likes', opts.likes],
    ['weekly_unread', opts.unread],
  ];
  return notificationMail(opts, {
    subject: t(opts.locale, 'weekly_subject', p),
    heading: t(opts.locale, 'weekly_heading', p),
    lines: [
      t(opts.locale, 'weekly_intro', p),
      ...counts.filter(([, n]) => n > 0).map(([key, n]) => `• ${tp(opts.locale, key, n, p)}`),
    ],
    button: t(opts.locale, 'weekly_button', p),
  });
}

/** A text of the mail catalogue, for pages that belong with the mails (the unsubscribe page). */
export function mailText(locale: Locale, key: MailKey, params: Record<string, string | number> = {}): string {
  return t(locale, key, params);
}
