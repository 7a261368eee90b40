/*
 * The operator console's pure rules: what the navigation shows a role, the dashboard's
 * figures, the reply box's keys, and the settings form's shape and its values.
 */
import {
  COUNTRIES,
  LOCALES,
  PHOTO_REVIEW_MODES,
  PROFILE_FIELDS,
  SEARCH_FIELDS,
  staffCan,
  type DashboardDay,
  type Locale,
  type LocalizedText,
  type StaffPermission,
  type StaffRole,
  type StoredSettings,
  type ContentPageText,
} from '@app/shared';

/** A section of the console: its path under /admin and what a role needs to see it. */
export interface NavItem {
  key:
    | 'dashboard'
    | 'members'
    | 'orders'
    | 'queue'
    | 'inbox'
    | 'held'
    | 'photoReview'
    | 'verification'
    | 'siteProfiles'
    | 'shop'
    | 'settings'
    | 'pages'
    | 'audit';
  path: string;
  /** Any one of these permissions opens the section. */
  permissions: readonly StaffPermission[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', path: '/admin', permissions: ['dashboard'] },
  { key: 'members', path: '/admin/members', permissions: ['members.view'] },
  { key: 'orders', path: '/admin/orders', permissions: ['orders'] },
  { key: 'queue', path: '/admin/queue', permissions: ['reports', 'complaints'] },
  { key: 'inbox', path: '/admin/inbox', permissions: ['conversations'] },
  { key: 'held', path: '/admin/held', permissions: ['content'] },
  { key: 'photoReview', path: '/admin/photo-review', permissions: ['content'] },
  { key: 'verification', path: '/admin/verification', permissions: ['content'] },
  { key: 'siteProfiles', path: '/admin/site-profiles', permissions: ['content'] },
  { key: 'shop', path: '/admin/shop', permissions: ['settings'] },
  { key: 'settings', path: '/admin/settings', permissions: ['settings'] },
  { key: 'pages', path: '/admin/pages', permissions: ['settings'] },
  { key: 'audit', path: '/admin/audit', permissions: ['audit'] },
];

/** Whether a role may open a section. */
export function canOpen(role: StaffRole, key: NavItem['key']): boolean {
  const item = NAV_ITEMS.find((i) => i.key === key)!;
  return item.permissions.some((permission) => staffCan(role, permission));
}

/** The sections a role sees in the navigation, in order. */
export function navItemsFor(role: StaffRole): NavItem[] {
  return NAV_ITEMS.filter((item) => canOpen(role, item.key));
}

/** Where the console sends someone after login: back where they were, if it is a console page. */
export function afterStaffLoginPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/admin') || from.startsWith('/admin/login') || from.startsWith('//')) return '/admin';
  return from;
}

// Dashboard

/** Conversion of a period: members who first bought / members who signed up; null without signups. */
export function conversion(days: readonly Pick<DashboardDay, 'signups' | 'first_purchases'>[]): number | null {
  const signups = days.reduce((sum, d) => sum + d.signups, 0);
  if (signups === 0) return null;
  return days.reduce((sum, d) => sum + d.first_purchases, 0) / signups;
}

/** The currency that brought in most over the period (EUR when nothing was sold). */
export function mainCurrency(days: readonly Pick<DashboardDay, 'revenue'>[]): string {
  const totals = revenueTotals(days);
  let best = 'EUR';
  let bestTotal = -1;
  for (const [currency, total] of Object.entries(totals)) {
    if (total > bestTotal) [best, bestTotal] = [currency, total];
  }
  return best;
}

/** Revenue in cents per currency over the period. */
export function revenueTotals(days: readonly Pick<DashboardDay, 'revenue'>[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const day of days) {
    for (const [currency, cents] of Object.entries(day.revenue)) totals[currency] = (totals[currency] ?? 0) + cents;
  }
  return totals;
}

/** Sum of a field over the days. */
export function total(
  days: readonly DashboardDay[],
  field: 'signups' | 'active_members' | 'messages' | 'orders',
): number {
  return days.reduce((sum, d) => sum + d[field], 0);
}

/** A point of a chart: x and y in the SVG's own units (y grows downwards). */
export interface ChartPoint {
  x: number;
  y: number;
}

/**
 * Places values across a chart of `width` x `height`: evenly spaced, scaled to the largest
 * value (0 at the bottom). An all-zero series lies on the bottom line.
 */
export function chartPoints(values: readonly number[], width: number, height: number): ChartPoint[] {
  const max = Math.max(0, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((value, i) => ({
    x: values.length > 1 ? i * step : width / 2,
    y: max === 0 ? height : height - (Math.max(0, value) / max) * height,
  }));
}

// Inbox

/** Whether a key press in the reply box sends: Enter alone (Shift+Enter is a new line). */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

// Settings

export type SettingsField = keyof StoredSettings;

/** How a settings field is edited; `localized` is a text per language (members read it in theirs). */
export type FieldKind =
  | { type: 'text'; multiline?: boolean }
  | { type: 'localized'; multiline?: boolean }
  | { type: 'number'; min?: number }
  | { type: 'switch' }
  | { type: 'select'; options: readonly (string | number)[] }
  | { type: 'checklist'; options: readonly string[] }
  | { type: 'costs' };

export interface SettingsGroup {
  key: 'site' | 'contact' | 'credits' | 'access' | 'profiles' | 'fictional';
  fields: readonly { name: SettingsField; kind: FieldKind }[];
}

/** Every field of StoredSettingsSchema, grouped as an operator thinks of them. */
export const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  {
    key: 'site',
    fields: [
      { name: 'name', kind: { type: 'text' } },
      { name: 'index_title', kind: { type: 'localized' } },
      { name: 'description', kind: { type: 'text', multiline: true } },
      { name: 'domain_language', kind: { type: 'select', options: LOCALES } },
      { name: 'niche', kind: { type: 'select', options: [1, 2, 3, 4, 5, 6, 7] } },
      { name: 'cdn_prefix', kind: { type: 'text' } },
      { name: 'countries', kind: { type: 'checklist', options: COUNTRIES } },
    ],
  },
  {
    key: 'contact',
    fields: [
      { name: 'support_email', kind: { type: 'text' } },
      { name: 'support_phone', kind: { type: 'text' } },
      { name: 'refund_days', kind: { type: 'number', min: 0 } },
    ],
  },
  {
    key: 'credits',
    fields: [
      { name: 'message_credits', kind: { type: 'number', min: 0 } },
      { name: 'photo_credits', kind: { type: 'number', min: 0 } },
      { name: 'gift_credits', kind: { type: 'number', min: 0 } },
      { name: 'signup_credits', kind: { type: 'number', min: 0 } },
      { name: 'free_messages', kind: { type: 'number', min: 0 } },
      { name: 'message_length', kind: { type: 'number', min: 1 } },
      { name: 'minimum_message_costs', kind: { type: 'costs' } },
    ],
  },
  {
    key: 'access',
    fields: [
      { name: 'signups', kind: { type: 'select', options: ['all', 'with_trafficsource', 'none'] } },
      { name: 'min_age', kind: { type: 'number', min: 18 } },
      { name: 'enable_site_entry_popup', kind: { type: 'select', options: ['yes', 'no'] } },
      { name: 'enable_us_footer', kind: { type: 'switch' } },
      { name: 'logged_out_search', kind: { type: 'switch' } },
      { name: 'logged_out_search_trafficsource', kind: { type: 'switch' } },
      { name: 'member_resell', kind: { type: 'switch' } },
    ],
  },
  {
    key: 'profiles',
    fields: [
      { name: 'visible_profile_fields', kind: { type: 'checklist', options: PROFILE_FIELDS } },
      { name: 'visible_profile_notes', kind: { type: 'switch' } },
      { name: 'search_fields', kind: { type: 'checklist', options: SEARCH_FIELDS } },
      { name: 'photo_review', kind: { type: 'select', options: PHOTO_REVIEW_MODES } },
    ],
  },
  {
    key: 'fictional',
    fields: [
      { name: 'fictional_icon', kind: { type: 'text' } },
      { name: 'fictional_singular', kind: { type: 'localized' } },
      { name: 'fictional_plural', kind: { type: 'localized' } },
      { name: 'fictional_warning', kind: { type: 'localized', multiline: true } },
    ],
  },
];

/** One row of the minimum message costs editor: a country (or other key) and its price. */
export interface CostRow {
  key: string;
  /** Cents, as typed. */
  costs: string;
  currency: string;
}

/** A per-language text as typed: a language's text may be empty (it then reads the default). */
export type LocalizedDraft = Partial<Record<Locale, string>>;

/**
 * The form's state: texts and numbers as typed (a number input can be empty), lists as
 * arrays, switches as booleans, the costs as rows, per-language texts by language.
 */
export type SettingsDraft = Record<string, string | boolean | string[] | CostRow[] | LocalizedDraft>;

/** The form's starting state from stored settings. */
export function settingsDraft(settings: StoredSettings): SettingsDraft {
  const draft: SettingsDraft = {};
  for (const group of SETTINGS_GROUPS) {
    for (const { name, kind } of group.fields) {
      const value = settings[name];
      if (kind.type === 'costs') {
        draft[name] = Object.entries(settings.minimum_message_costs).map(([key, cost]) => ({
          key,
          costs: String(cost.costs),
          currency: cost.currency,
        }));
      } else if (kind.type === 'localized') draft[name] = { ...(value as LocalizedText) };
      else if (kind.type === 'switch') draft[name] = Boolean(value);
      else if (kind.type === 'checklist') draft[name] = [...(value as readonly string[])];
      // A select missing from older stored settings (photo_review) starts at its first option.
      else if (kind.type === 'select') draft[name] = String(value ?? kind.options[0]);
      else draft[name] = String(value);
    }
  }
  return draft;
}

/** A typed number, or the text itself when it is not one, so the schema reports it. */
function toNumber(text: string): number | string | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
}

/**
 * The settings the draft stands for, for StoredSettingsSchema to judge: numbers parsed, the
 * costs rows as a record (a row without a key is left out only when it is wholly empty), a
 * per-language text without its empty languages (they read the default).
 */
export function settingsCandidate(draft: SettingsDraft): Record<string, unknown> {
  const candidate: Record<string, unknown> = {};
  for (const group of SETTINGS_GROUPS) {
    for (const { name, kind } of group.fields) {
      const value = draft[name];
      if (kind.type === 'number' || (kind.type === 'select' && typeof kind.options[0] === 'number')) {
        candidate[name] = toNumber(value as string);
      } else if (kind.type === 'costs') {
        const record: Record<string, unknown> = {};
        for (const row of value as CostRow[]) {
          if (!row.key.trim() && !row.costs.trim() && !row.currency.trim()) continue;
          record[row.key.trim().toUpperCase()] = {
            costs: toNumber(row.costs),
            currency: row.currency.trim().toUpperCase(),
          };
        }
        candidate[name] = record;
      } else if (kind.type === 'localized') {
        candidate[name] = Object.fromEntries(
          Object.entries(value as LocalizedDraft).filter(([, text]) => text !== undefined && text.trim() !== ''),
        );
      } else {
        candidate[name] = value;
      }
    }
  }
  return candidate;
}

// Content-page texts

/** A question and its answer as the form edits them. */
export interface PageItemDraft {
  q: string;
  a: string;
}

/** A section as the form edits it: the paragraphs as one text, a blank line between two. */
export interface PageSectionDraft {
  heading: string;
  paragraphs: string;
  items: PageItemDraft[];
}

export interface PageTextDraft {
  title: string;
  description: string;
  intro: string;
  sections: PageSectionDraft[];
}

/** The form's starting state from a page text. */
export function pageTextDraft(text: ContentPageText): PageTextDraft {
  return {
    title: text.title,
    description: text.description,
    intro: text.intro,
    sections: text.sections.map((section) => ({
      heading: section.heading,
      paragraphs: (section.paragraphs ?? []).join('\n\n'),
      items: (section.items ?? []).map((item) => ({ q: item.q, a: item.a })),
    })),
  };
}

/** The paragraphs of a text: blocks separated by blank lines, trimmed, empty ones left out. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The page text the draft stands for, for ContentPageTextSchema to judge. */
export function pageTextCandidate(draft: PageTextDraft): ContentPageText {
  return {
    title: draft.title,
    description: draft.description,
    intro: draft.intro,
    sections: draft.sections.map((section) => {
      const paragraphs = splitParagraphs(section.paragraphs);
      return {
        heading: section.heading,
        ...(paragraphs.length > 0 && { paragraphs }),
        ...(section.items.length > 0 && { items: section.items.map(({ q, a }) => ({ q, a })) }),
      };
    }),
  };
}

/**
 * The form field a problem's path belongs to: the server's `content.` prefix dropped, and a
 * paragraph's problem shown at its section's paragraphs text (`sections.1.paragraphs`).
 */
export function pageTextField(path: string): string {
  return path.replace(/^content\./, '').replace(/^(sections\.\d+\.paragraphs)\.\d+$/, '$1');
}

/** The recovery codes as a text file to keep. */
export function recoveryCodesFile(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}
