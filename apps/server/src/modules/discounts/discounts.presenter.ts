import type { DiscountCode } from '@app/shared';
import { isExpired, knownMethods, type DiscountCodeRow } from './discounts.rules.js';

/**
 * A code as spec section 3 names its fields, both spellings included. `expires` is the code's
 * end, or for the time bonus the end of this member's bonus, so the client can count down to it.
 */
export function presentDiscount(row: DiscountCodeRow, now: Date, expiresAt = row.expiresAt): DiscountCode {
  return {
    code: row.code,
    country: row.country,
    user_id: row.memberId,
    expires: expiresAt?.toISOString() ?? null,
    value_percentage: row.percentage,
    percentage: row.percentage,
    currency: row.currency,
    minimum_order_value: row.minimumOrderValue,
    minimum: row.minimumOrderValue,
    status: row.status,
    validity: row.validity,
    expired: isExpired({ expiresAt }, now),
    paymentmethods: row.paymentMethods === null ? null : knownMethods(row.paymentMethods),
  };
}
