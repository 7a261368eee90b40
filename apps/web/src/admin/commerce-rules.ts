/*
 * The commerce screens' pure rules: money typed in whole units and cents, typed numbers as the
 * requests take them, comma lists, the expiry date of a discount code and an order's shown state.
 */
import type { AdminOrderSummary } from '@app/shared';

/** What a typed amount stands for: cents, nothing (empty), or a text that is no amount. */
export type ParsedMoney = number | null | 'invalid';

/** An amount typed in whole units ("19,99", "19.99", "20") as cents. */
export function parseMoney(text: string): ParsedMoney {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return 'invalid';
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Cents as the text a money field starts with, in the console's decimal sign. */
export function moneyText(cents: number | null | undefined, decimal: ',' | '.'): string {
  if (cents === null || cents === undefined) return '';
  const whole = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `${whole}${decimal}${rest}`;
}

/** What a typed whole number stands for: the number, nothing (empty), or a text that is none. */
export function parseWhole(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d{1,9}$/.test(trimmed) ? Number(trimmed) : 'invalid';
}

/**
 * A typed number as the request takes it: the number, undefined for an empty field, or the text
 * itself when it is none, so the request's schema finds it invalid and the form words why.
 */
function typedNumber(text: string, parse: (text: string) => number | null | 'invalid'): number | string | undefined {
  const value = parse(text);
  if (value === 'invalid') return text;
  return value ?? undefined;
}

/** A typed whole number for a request (see typedNumber). */
export const wholeOf = (text: string) => typedNumber(text, parseWhole);

/** A typed amount in whole units for a request, as cents (see typedNumber). */
export const moneyOf = (text: string) => typedNumber(text, parseMoney);

/** The position after a list's last: where a new bundle or gift goes unless the operator says otherwise. */
export function nextPosition(items: readonly { position: number }[]): number {
  return Math.max(-1, ...items.map((item) => item.position)) + 1;
}

/** A comma list ("Amoria, Amoria Dating") as its items, trimmed, empty ones left out. */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * A date picked for a discount code's end (yyyy-mm-dd) as the ISO moment it ends: the end of
 * that day in the operator's own time zone. Empty: no end.
 */
export function expiryFromDate(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return day.trim() === '' ? null : day;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59).toISOString();
}

/** An order's state as the console shows it: refunded orders stay 'completed' in the data. */
export function orderState(order: Pick<AdminOrderSummary, 'status' | 'refunded_at'>): string {
  return order.refunded_at ? 'refunded' : order.status;
}

/** A discount code's state as shown: inactive, past its end (still 'active' in the data), or active. */
export function codeState(
  code: { status: 'active' | 'inactive'; expires_at: string | null },
  now: Date = new Date(),
): 'active' | 'inactive' | 'expired' {
  if (code.status === 'inactive') return 'inactive';
  return code.expires_at && new Date(code.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
}
