import { describe, expect, it } from 'vitest';
import {
  activeDiscount,
  checkoutPath,
  directDebitPath,
  discountMiss,
  formatCreditDelta,
  formatMoney,
  isDiscountUsable,
  lastCompletedOrder,
  methodStep,
  orderPollInterval,
  orderView,
  parseId,
  parseMethod,
  priceView,
  pricePerCredit,
  savingPercent,
  type ActiveDiscount,
} from './rules';
import { buildBundle, buildDiscount, buildOrder } from './testing/api-stub';

const NOW = Date.parse('2026-03-01T12:00:00Z');

/** Intl separates with (narrow) no-break spaces; the tests read them as plain ones. */
function plain(text: string): string {
  return text.replace(/\s/g, ' ');
}

function discount(overrides: Partial<ActiveDiscount> = {}): ActiveDiscount {
  return { code: 'LENTE20', percentage: 20, source: 'code', minimum: null, methods: null, ...overrides };
}

describe('parseId', () => {
  it('takes whole positive numbers only', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeNull();
    expect(parseId('-3')).toBeNull();
    expect(parseId('1.5')).toBeNull();
    expect(parseId('abc')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });
});

describe('parseMethod', () => {
  it('answers a method only when it is known and offered here', () => {
    expect(parseMethod('ideal', ['ideal', 'paypal'])).toBe('ideal');
    expect(parseMethod('blik', ['ideal', 'paypal'])).toBeNull();
    expect(parseMethod('bitcoin', ['ideal'])).toBeNull();
    expect(parseMethod(undefined, ['ideal'])).toBeNull();
  });

  it('takes a card brand of the spec route as the card, which is offered as one choice', () => {
    expect(parseMethod('visa', ['ideal', 'creditcard'])).toBe('creditcard');
    expect(parseMethod('maestro', ['ideal', 'creditcard'])).toBe('creditcard');
    expect(parseMethod('visa', ['ideal'])).toBeNull();
  });
});

describe('pricePerCredit and savingPercent', () => {
  const bundles = [
    buildBundle({ id: 1, credits: 50, price: 995 }),
    buildBundle({ id: 2, credits: 100, price: 1795 }),
    buildBundle({ id: 3, credits: 250, price: 3995 }),
  ];

  it('divides the price by the credits, in cents', () => {
    expect(pricePerCredit(995, 50)).toBeCloseTo(19.9);
    expect(pricePerCredit(995, 0)).toBe(0);
  });

  it('measures each bundle against the dearest credit, rounding down', () => {
    expect(savingPercent(bundles[0]!, bundles)).toBe(0);
    expect(savingPercent(bundles[1]!, bundles)).toBe(9);
    expect(savingPercent(bundles[2]!, bundles)).toBe(19);
  });
});

describe('isDiscountUsable', () => {
  it('needs an active, unexpired code before its end', () => {
    expect(isDiscountUsable(buildDiscount(), NOW)).toBe(true);
    expect(isDiscountUsable(buildDiscount({ status: 'inactive' }), NOW)).toBe(false);
    expect(isDiscountUsable(buildDiscount({ expired: true }), NOW)).toBe(false);
    expect(isDiscountUsable(buildDiscount({ expires: '2026-03-01T11:59:59Z' }), NOW)).toBe(false);
    expect(isDiscountUsable(buildDiscount({ expires: '2026-03-01T12:00:01Z' }), NOW)).toBe(true);
  });
});

describe('activeDiscount', () => {
  const welcome = buildDiscount({ code: 'TIMEBONUS25', value_percentage: 25, percentage: 25 });

  it('prefers the code the member entered over the welcome discount', () => {
    expect(activeDiscount(buildDiscount(), welcome, NOW)).toEqual({
      code: 'LENTE20',
      percentage: 20,
      source: 'code',
      minimum: null,
      methods: null,
    });
  });

  it('falls back to the welcome discount, and to none', () => {
    expect(activeDiscount(null, welcome, NOW)).toMatchObject({
      code: 'TIMEBONUS25',
      percentage: 25,
      source: 'welcome',
    });
    expect(activeDiscount(buildDiscount({ expired: true }), welcome, NOW)?.source).toBe('welcome');
    expect(activeDiscount(null, null, NOW)).toBeNull();
  });

  it('drops the welcome discount once it ran out', () => {
    const ended = { ...welcome, expires: '2026-03-01T08:00:00Z' };
    expect(activeDiscount(null, ended, NOW)).toBeNull();
  });
});

describe('discountMiss', () => {
  it('refuses prices under the minimum order value', () => {
    expect(discountMiss(discount({ minimum: 2000 }), 1995, null)).toBe('minimum');
    expect(discountMiss(discount({ minimum: 2000 }), 2000, null)).toBeNull();
  });

  it('refuses methods the code excludes, once a method is chosen', () => {
    const idealOnly = discount({ methods: ['ideal'] });
    expect(discountMiss(idealOnly, 995, 'paypal')).toBe('method');
    expect(discountMiss(idealOnly, 995, 'ideal')).toBeNull();
    expect(discountMiss(idealOnly, 995, null)).toBeNull();
  });

  it('lets a code for a card brand apply to the card, which takes every brand', () => {
    expect(discountMiss(discount({ methods: ['visa'] }), 995, 'creditcard')).toBeNull();
    expect(discountMiss(discount({ methods: ['visa'] }), 995, 'paypal')).toBe('method');
  });
});

describe('priceView', () => {
  it('shows the list price alone without a discount', () => {
    expect(priceView(995, null, null)).toEqual({ list: 995, final: 995, percentage: null, miss: null });
  });

  it('takes the percentage off, rounded half up to whole cents', () => {
    expect(priceView(995, discount({ percentage: 25 }), null)).toEqual({
      list: 995,
      final: 746,
      percentage: 25,
      miss: null,
    });
    expect(priceView(1995, discount({ percentage: 20 }), 'ideal')).toEqual({
      list: 1995,
      final: 1596,
      percentage: 20,
      miss: null,
    });
  });

  it('keeps the full price and says why when the discount does not apply', () => {
    expect(priceView(995, discount({ minimum: 2000 }), null)).toEqual({
      list: 995,
      final: 995,
      percentage: null,
      miss: 'minimum',
    });
  });
});

describe('formatMoney and formatCreditDelta', () => {
  it('writes money in the locale and currency', () => {
    expect(plain(formatMoney(1995, 'EUR', 'nl-NL'))).toBe('€ 19,95');
    expect(formatMoney(1995, 'GBP', 'en-GB')).toBe('£19.95');
    expect(plain(formatMoney(4990, 'PLN', 'pl-PL'))).toBe('49,90 zł');
  });

  it('signs credit changes, zero unsigned', () => {
    expect(formatCreditDelta(100, 'nl-NL')).toBe('+100');
    expect(formatCreditDelta(-10, 'nl-NL')).toBe('-10');
    expect(formatCreditDelta(0, 'nl-NL')).toBe('0');
    expect(formatCreditDelta(1500, 'de-DE')).toBe('+1.500');
  });
});

describe('paths', () => {
  it('leads to a checkout with the method and an entered code', () => {
    expect(checkoutPath(3)).toBe('/credits/3');
    expect(checkoutPath(3, 'ideal')).toBe('/credits/3/ideal');
    expect(checkoutPath(3, null, 'LENTE 20')).toBe('/credits/3?code=LENTE%2020');
    expect(checkoutPath(3, 'paypal', 'X')).toBe('/credits/3/paypal?code=X');
  });

  it('sends direct debit to its own form instead of a provider checkout', () => {
    expect(methodStep('sdd')).toBe('directdebit');
    expect(methodStep('ideal')).toBe('checkout');
    expect(directDebitPath(4)).toBe('/directdebit?bundle=4');
  });
});

describe('orderView', () => {
  it('is loading until the first answer, not found on a 404 and an error otherwise', () => {
    expect(orderView(undefined, null)).toBe('loading');
    expect(orderView(undefined, { status: 404 })).toBe('not_found');
    expect(orderView(undefined, { status: 500 })).toBe('error');
    expect(orderView(undefined, { status: 0 })).toBe('error');
  });

  it("follows the order's status, with its own page for a declined recurring charge", () => {
    expect(orderView(buildOrder({ status: 'pending' }), null)).toBe('pending');
    expect(orderView(buildOrder({ status: 'completed' }), null)).toBe('completed');
    expect(orderView(buildOrder({ status: 'failed' }), null)).toBe('failed');
    expect(orderView(buildOrder({ status: 'cancelled' }), null)).toBe('cancelled');
    expect(orderView(buildOrder({ status: 'failed', failure: 'recurring_declined' }), null)).toBe('recurring_declined');
  });

  it('keeps showing a known order when a later poll fails', () => {
    expect(orderView(buildOrder({ status: 'pending' }), { status: 500 })).toBe('pending');
  });
});

describe('orderPollInterval', () => {
  it('polls every 2 s while pending and stops at the outcome', () => {
    expect(orderPollInterval(buildOrder({ status: 'pending' }))).toBe(2000);
    expect(orderPollInterval(buildOrder({ status: 'completed' }))).toBe(false);
    expect(orderPollInterval(buildOrder({ status: 'failed' }))).toBe(false);
    expect(orderPollInterval(undefined)).toBe(false);
  });
});

describe('lastCompletedOrder', () => {
  it('takes the newest completed order of a newest-first list', () => {
    const orders = [
      buildOrder({ id: 9, status: 'failed' }),
      buildOrder({ id: 8, status: 'completed', bundle_id: 2 }),
      buildOrder({ id: 7, status: 'completed', bundle_id: 1 }),
    ];
    expect(lastCompletedOrder(orders)?.id).toBe(8);
    expect(lastCompletedOrder([buildOrder({ status: 'pending' })])).toBeNull();
  });
});
