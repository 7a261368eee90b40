import { localeEntry } from '@app/i18n';
import type { Locale } from '@app/shared';
import { i18n } from '../../lib/i18n';

function iso(): string {
  return localeEntry((i18n.language === 'en' ? 'en' : 'nl') as Locale).iso;
}

/** A whole number in the console's language. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(iso()).format(value);
}

/** An amount in cents as money. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(iso(), { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** A rate (0.042) as a percentage. */
export function formatPercent(rate: number | null): string {
  return rate === null
    ? '–'
    : new Intl.NumberFormat(iso(), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** A timestamp as date and time. */
export function formatDateTime(value: string | null): string {
  if (!value) return '–';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(iso(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A date without time. */
export function formatDay(value: string | null): string {
  if (!value) return '–';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(iso(), { dateStyle: 'medium' }).format(date);
}
