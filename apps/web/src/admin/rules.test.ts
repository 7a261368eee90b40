import { describe, expect, it } from 'vitest';
import {
  afterStaffLoginPath,
  chartPoints,
  conversion,
  isSendKey,
  mainCurrency,
  navItemsFor,
  pageTextCandidate,
  pageTextDraft,
  pageTextField,
  settingsCandidate,
  settingsDraft,
  splitParagraphs,
} from './rules';
import { buildStoredSettings } from './testing/api-stub';

describe('navItemsFor', () => {
  it('shows an admin every section', () => {
    expect(navItemsFor('admin').map((i) => i.key)).toEqual([
      'dashboard',
      'members',
      'orders',
      'queue',
      'inbox',
      'held',
      'photoReview',
      'verification',
      'siteProfiles',
      'shop',
      'settings',
      'pages',
      'audit',
    ]);
  });

  it('shows a moderator no settings or audit log', () => {
    expect(navItemsFor('moderator').map((i) => i.key)).toEqual([
      'dashboard',
      'members',
      'queue',
      'inbox',
      'held',
      'photoReview',
      'verification',
      'siteProfiles',
    ]);
  });

  it('shows support orders and the queue (complaints) but not the inbox, held content or shop', () => {
    expect(navItemsFor('support').map((i) => i.key)).toEqual(['dashboard', 'members', 'orders', 'queue']);
  });
});

describe('afterStaffLoginPath', () => {
  it('returns to a console page, never elsewhere', () => {
    expect(afterStaffLoginPath('/admin/members?q=piet')).toBe('/admin/members?q=piet');
    expect(afterStaffLoginPath('/members')).toBe('/admin');
    expect(afterStaffLoginPath('/admin/login')).toBe('/admin');
    expect(afterStaffLoginPath(undefined)).toBe('/admin');
  });
});

describe('dashboard figures', () => {
  it('works out conversion as first purchases per signup, null without signups', () => {
    expect(
      conversion([
        { signups: 10, first_purchases: 1 },
        { signups: 30, first_purchases: 3 },
      ]),
    ).toBe(0.1);
    expect(conversion([{ signups: 0, first_purchases: 0 }])).toBeNull();
  });

  it('picks the currency that brought in most', () => {
    expect(mainCurrency([{ revenue: { EUR: 100, GBP: 50 } }, { revenue: { GBP: 100 } }])).toBe('GBP');
    expect(mainCurrency([{ revenue: {} }])).toBe('EUR');
  });

  it('scales chart points to the largest value, zero at the bottom', () => {
    expect(chartPoints([0, 5, 10], 100, 50)).toEqual([
      { x: 0, y: 50 },
      { x: 50, y: 25 },
      { x: 100, y: 0 },
    ]);
    expect(chartPoints([0, 0], 100, 50).map((p) => p.y)).toEqual([50, 50]);
  });
});

describe('isSendKey', () => {
  it('sends on Enter, not on Shift+Enter or while composing', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });
});

describe('the settings form values', () => {
  it('turn stored settings into a draft and back unchanged', () => {
    const stored = { ...buildStoredSettings(), photo_review: 'before' as const };
    expect(settingsCandidate(settingsDraft(stored))).toEqual(stored);
  });

  it("start a photo review missing from older stored settings at 'off'", () => {
    const { photo_review: _missing, ...stored } = { ...buildStoredSettings(), photo_review: undefined };
    expect(settingsCandidate(settingsDraft(stored)).photo_review).toBe('off');
  });

  it('keep a number that is not one for the schema to report, and an empty one as missing', () => {
    const draft = { ...settingsDraft(buildStoredSettings()), min_age: 'abc', refund_days: '' };
    const candidate = settingsCandidate(draft);
    expect(candidate.min_age).toBe('abc');
    expect(candidate.refund_days).toBeUndefined();
  });

  it('leave a language whose text was emptied out of a per-language text', () => {
    const draft = { ...settingsDraft(buildStoredSettings()), fictional_plural: { nl: ' ', en: 'made-up profiles' } };
    expect(settingsCandidate(draft).fictional_plural).toEqual({ en: 'made-up profiles' });
  });
});

describe('content-page text drafts', () => {
  const text = {
    title: 'T',
    description: 'D',
    intro: 'I',
    sections: [
      { heading: 'A', paragraphs: ['One {{name}}.', 'Two.'] },
      { heading: 'B', items: [{ q: 'Q?', a: 'A.' }] },
    ],
  };

  it('turn a page text into a draft and back unchanged, paragraphs split on blank lines', () => {
    const draft = pageTextDraft(text);
    expect(draft.sections[0]!.paragraphs).toBe('One {{name}}.\n\nTwo.');
    expect(pageTextCandidate(draft)).toEqual(text);
    expect(splitParagraphs('  a\nstill a\n \n\n b \n\n')).toEqual(['a\nstill a', 'b']);
  });

  it('put a problem with a paragraph at its section’s paragraphs, server paths too', () => {
    expect(pageTextField('content.sections.2.paragraphs.3')).toBe('sections.2.paragraphs');
    expect(pageTextField('sections.0.items.1.q')).toBe('sections.0.items.1.q');
    expect(pageTextField('content.title')).toBe('title');
  });
});
