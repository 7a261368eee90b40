/*
 * The commerce screens' pure rules: money typed in whole units and cents, whole numbers read
 * with their problems, comma lists, the expiry date of a discount code, an order's shown state,
 * and schema issues by field path.
 */
import type { AdminOrderSummary } from '@app/shared';
import type { FieldProblem } from './rules';

/** A zod issue, as far as the forms read it (so this file needs no zod). */
export interface PathIssue {
  code: string;
  path: readonly PropertyKey[];
  message?: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
}

/**
 * The first problem per field of a schema's issues, by the field's dotted path ('prices.EUR'),
 * the same paths the server's `fields` use.
 */
export function issueProblems(issues: readonly PathIssue[]): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (problems[path]) continue;
    const text = issue.origin === 'string';
    if (issue.code === 'too_small') {
      const min = Number(issue.minimum);
      problems[path] =
        issue.origin === 'array' || (text && min <= 1)
          ? { key: 'validation.required' }
          : { key: text ? 'shop.tooShort' : 'validation.tooSmall', values: { min } };
    } else if (issue.code === 'too_big') {
      problems[path] = { key: text ? 'shop.tooLong' : 'validation.tooBig', values: { max: Number(issue.maximum) } };
    } else if (issue.code === 'invalid_type' || issue.message === 'field_required') {
      problems[path] = { key: 'validation.required' };
    } else {
      problems[path] = { key: 'validation.invalid' };
    }
  }
  return problems;
}

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
 * Reads a form's typed numbers for its body: each gives its number, null for an empty field, or
 * undefined for a text that is no number, noting that field's problem by its dotted path.
 */
export function numberReader() {
  const problems: Record<string, FieldProblem> = {};
  function read(path: string, value: number | null | 'invalid', key: string): number | null | undefined {
    if (value !== 'invalid') return value;
    problems[path] = { key };
    return undefined;
  }
  return {
    problems,
    whole: (path: string, text: string) => read(path, parseWhole(text), 'shop.wholeInvalid'),
    money: (path: string, text: string) => read(path, parseMoney(text), 'shop.moneyInvalid'),
  };
}

export type NumberReader = ReturnType<typeof numberReader>;

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

/** A field's problem: its own, or the first of a value inside it ('tradenames.2' for 'tradenames'). */
export function problemAt(problems: Record<string, string>, path: string): string | undefined {
  if (problems[path]) return problems[path];
  const inner = Object.keys(problems).find((key) => key.startsWith(`${path}.`));
  return inner ? problems[inner] : undefined;
}

/** A discount code's state as shown: inactive, past its end (still 'active' in the data), or active. */
export function codeState(
  code: { status: 'active' | 'inactive'; expires_at: string | null },
  now: Date = new Date(),
): 'active' | 'inactive' | 'expired' {
  if (code.status === 'inactive') return 'inactive';
  return code.expires_at && new Date(code.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
}
