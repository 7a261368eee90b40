/**
 * Spam defence rules as pure functions of a text: whether it hands out contact details (so it
 * waits for review), and the form in which repeated opening messages are compared.
 */

/**
 * Top-level domains a member would name in a chat, without those that are everyday words in the
 * site's languages (de, be, it, me, to, no, es, se, at, us, ...): "gezien.De foto" or "at home.
 * It was" must not count. A bare name.tld or an obfuscated address needs one of these.
 */
const TLDS = 'com|net|org|info|biz|io|xyz|eu|nl|uk|fr|dk|pl|ru|ch|ie|pt|cz|lu|nz|au|ca';
/** Written without spaces, these read as domains too. */
const BARE_TLDS = `${TLDS}|online|site|link|app|ly|tv`;

const URL_PATTERN = /\bhttps?:\/\/|\bwww\./i;
const BARE_DOMAIN = new RegExp(`\\b[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:${BARE_TLDS})\\b(?!\\.\\d)`, 'i');
const EMAIL_PATTERN = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/i;

/** "dot", "punt", "punkt", "point", "(.)" and the like, as people write a dot to fool filters. */
const DOT_WORD = String.raw`\s*[([{]?\s*(?:dot|punt|punkt|point|punto|piste|kropka|prik|\.)\s*[)\]}]?\s*`;
/** "at", "apenstaartje", "(at)", "[@]" and the like. */
const AT_WORD = String.raw`\s*[([{]?\s*(?:at|@|apenstaartje|klammeraffe|arobase|chiocciola|arroba|snabel-a|malpa|ät)\s*[)\]}]?\s*`;
const OBFUSCATED_EMAIL = new RegExp(String.raw`\b[a-z0-9._-]+${AT_WORD}[a-z0-9-]+${DOT_WORD}(?:${TLDS})\b`, 'i');
const OBFUSCATED_DOMAIN = new RegExp(
  String.raw`\b[a-z0-9-]{2,}\s*[([{]\s*(?:dot|punt|punkt|point)\s*[)\]}]\s*(?:${TLDS})\b`,
  'i',
);

/** A run of digits that may be a phone number: 7 or more digits with separators people use. */
const DIGIT_RUN = /(?:\+|\b00)?\(?\d(?:[\s.\-/()]{0,3}\d){6,}/g;
const DATE = /^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$/;
const YEAR_RANGE = /^(?:19|20)\d{2}\s*[-/]\s*(?:19|20)\d{2}$/;
const GROUPED_AMOUNT = /^\d{1,3}([.,\s])\d{3}(?:\1\d{3})*$/;
const CURRENCY_BEFORE = /[€$£]\s*$/;

/** Whether a digit run reads as a phone number rather than a date, a year range or an amount. */
function isPhoneNumber(run: string, before: string): boolean {
  const digits = run.replace(/\D/g, '').length;
  if (digits < 7) return false;
  const bare = run.replace(/^[(+]+/, '').trim();
  if (DATE.test(bare) || YEAR_RANGE.test(bare) || GROUPED_AMOUNT.test(bare)) return false;
  return !CURRENCY_BEFORE.test(before);
}

/**
 * Whether a text hands out a way to reach the writer outside the site: a link (http, www., a
 * bare name.com), an e-mail address (also written as "jan at gmail dot com"), or a phone number
 * (7 or more digits, with spaces, dashes, dots, parentheses or a +country code between them).
 * Ages, times, dates, years and prices are not contact details.
 */
export function containsContactDetails(text: string): boolean {
  if (URL_PATTERN.test(text) || EMAIL_PATTERN.test(text) || OBFUSCATED_EMAIL.test(text)) return true;
  if (BARE_DOMAIN.test(text) || OBFUSCATED_DOMAIN.test(text)) return true;
  for (const match of text.matchAll(DIGIT_RUN)) {
    if (isPhoneNumber(match[0], text.slice(Math.max(0, match.index - 6), match.index))) return true;
  }
  return false;
}

/**
 * An opening message as repeated ones are compared: lowercase, whitespace collapsed, so a
 * mass mailing cannot dodge the check with a capital or an extra space.
 */
export function normalizeOpening(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

const DAY_MS = 86_400_000;

/**
 * Whether an account is still new for the spam defence: younger than `days` or fewer than
 * `messages` messages delivered. `sent` may be counted only up to `messages`.
 */
export function isNewAccount(
  history: { signupDate: Date; sent: number },
  now: Date,
  limits: { days: number; messages: number },
): boolean {
  return now.getTime() - history.signupDate.getTime() < limits.days * DAY_MS || history.sent < limits.messages;
}

/**
 * Whether a new opening text repeats the sender's recent openings (`previous`) often enough to
 * be refused: it would be the `limit`th with the same normalized text.
 */
export function isRepeatedOpening(previous: readonly string[], text: string, limit: number): boolean {
  const normalized = normalizeOpening(text);
  return previous.filter((body) => normalizeOpening(body) === normalized).length + 1 >= limit;
}
