import { describe, expect, it } from 'vitest';
import { countsAsVisit, visitNoticeDay, wantsVisitNotice } from './visits.rules.js';

const plain = { self: false, viewerInvisible: false, viewerSiteRun: false, blockedEitherWay: false };

describe('countsAsVisit', () => {
  it('counts a member opening another member', () => {
    expect(countsAsVisit(plain)).toBe(true);
  });

  it.each([['self'], ['viewerInvisible'], ['viewerSiteRun'], ['blockedEitherWay']] as const)(
    'never counts when %s',
    (fact) => {
      expect(countsAsVisit({ ...plain, [fact]: true })).toBe(false);
    },
  );
});

describe('visit notices', () => {
  it('go out only to members who switched them on', () => {
    expect(wantsVisitNotice(['visits', 'like'])).toBe(false);
    expect(wantsVisitNotice(['like'])).toBe(true);
  });

  it('are counted per UTC day', () => {
    expect(visitNoticeDay(new Date('2026-03-10T23:59:59Z'))).toBe('2026-03-10');
    expect(visitNoticeDay(new Date('2026-03-11T00:00:00Z'))).toBe('2026-03-11');
  });
});
