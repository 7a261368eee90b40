import { describe, expect, it } from 'vitest';
import { TIME_BONUS_DURATION_SECONDS } from '@app/shared';
import {
  discountRefusal,
  knownMethods,
  normalizeCode,
  orderRefusal,
  timeBonusOpen,
  type DiscountCodeRow,
  type DiscountViewer,
} from './discounts.rules.js';

const now = new Date('2026-05-04T10:00:00Z');
const viewer: DiscountViewer = {
  memberId: 7,
  country: 'NL',
  currency: 'EUR',
  paid: false,
  signupDate: new Date('2026-05-01T00:00:00Z'),
  now,
};
const code: DiscountCodeRow = {
  id: 1,
  code: 'SPRING',
  memberId: null,
  percentage: 10,
  country: null,
  currency: null,
  minimumOrderValue: null,
  paymentMethods: null,
  status: 'active',
  validity: 'once_per_user',
  source: 'operator',
  expiresAt: null,
  createdAt: now,
};
const unused = { total: 0, mine: 0 };

describe('normalizeCode', () => {
  it('ignores case and surrounding spaces', () => {
    expect(normalizeCode('  TimeBonus25 ')).toBe('TIMEBONUS25');
  });
});

describe('timeBonusOpen', () => {
  const signupDate = new Date('2026-05-04T08:00:00Z');
  const end = signupDate.getTime() + TIME_BONUS_DURATION_SECONDS * 1000;

  it('runs for a non-paid member until the duration after signup has passed', () => {
    expect(timeBonusOpen({ paid: false, signupDate, now: signupDate })).toBe(true);
    expect(timeBonusOpen({ paid: false, signupDate, now: new Date(end - 1) })).toBe(true);
    expect(timeBonusOpen({ paid: false, signupDate, now: new Date(end) })).toBe(false);
  });

  it('never runs for a paid member', () => {
    expect(timeBonusOpen({ paid: true, signupDate, now: signupDate })).toBe(false);
  });
});

describe('discountRefusal', () => {
  it('lets an active, unexpired code of no one in particular through', () => {
    expect(discountRefusal(code, viewer, unused)).toBeNull();
    expect(discountRefusal({ ...code, expiresAt: new Date(now.getTime() + 1) }, viewer, unused)).toBeNull();
  });

  it('hides inactive, expired, personal, foreign-country and foreign-currency codes as not found', () => {
    expect(discountRefusal({ ...code, status: 'inactive' }, viewer, unused)).toBe('not_found');
    expect(discountRefusal({ ...code, expiresAt: now }, viewer, unused)).toBe('not_found');
    expect(discountRefusal({ ...code, memberId: 8 }, viewer, unused)).toBe('not_found');
    expect(discountRefusal({ ...code, memberId: 7 }, viewer, unused)).toBeNull();
    expect(discountRefusal({ ...code, country: 'DE' }, viewer, unused)).toBe('not_found');
    expect(discountRefusal({ ...code, currency: 'CHF' }, viewer, unused)).toBe('not_found');
  });

  it('hides the time bonus once it is over for the viewer', () => {
    const bonus = { ...code, source: 'time_bonus' as const };
    expect(discountRefusal(bonus, viewer, unused)).toBe('not_found');
    expect(discountRefusal(bonus, { ...viewer, signupDate: now }, unused)).toBeNull();
  });

  it('counts uses by validity: once in all, once per member, or never', () => {
    expect(discountRefusal({ ...code, validity: 'once' }, viewer, { total: 1, mine: 0 })).toBe('used');
    expect(discountRefusal({ ...code, validity: 'once_per_user' }, viewer, { total: 3, mine: 0 })).toBeNull();
    expect(discountRefusal({ ...code, validity: 'once_per_user' }, viewer, { total: 1, mine: 1 })).toBe('used');
    expect(discountRefusal({ ...code, validity: 'unlimited' }, viewer, { total: 9, mine: 9 })).toBeNull();
  });
});

describe('orderRefusal', () => {
  it('checks the minimum order value against the list price, then the method', () => {
    const limited = { minimumOrderValue: 2000, paymentMethods: ['ideal'] };
    expect(orderRefusal(limited, { amount: 2000, method: 'ideal' })).toBeNull();
    expect(orderRefusal(limited, { amount: 1999, method: 'ideal' })).toBe('minimum_order');
    expect(orderRefusal(limited, { amount: 2000, method: 'paypal' })).toBe('method');
    expect(orderRefusal({ minimumOrderValue: null, paymentMethods: null }, { amount: 0, method: 'sdd' })).toBeNull();
  });
});

describe('knownMethods', () => {
  it('keeps only payment methods we know', () => {
    expect(knownMethods(['ideal', 'bitcoin', 'sdd'])).toEqual(['ideal', 'sdd']);
  });
});
