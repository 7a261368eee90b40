import { PAYMENT_METHODS, paidAs, TIME_BONUS_DURATION_SECONDS, type PaymentMethod } from '@app/shared';
import type { discountCodes } from '../../db/schema/index.js';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** Who asks for a code, and when: what the code's rules are checked against. */
export interface DiscountViewer {
  memberId: number;
  country: string;
  currency: string;
  paid: boolean;
  signupDate: Date;
  now: Date;
}

/** What one use of a code holds while its order lives (see discount_code_uses.holds). */
export type ClaimHolds = 'code' | 'member' | null;

/**
 * What an order's use of a code holds: the code's single use for a code used once in all, the
 * member's use for a code used once per member, nothing for an unlimited code.
 */
export function claimHolds(validity: DiscountCodeRow['validity']): ClaimHolds {
  if (validity === 'once') return 'code';
  if (validity === 'once_per_user') return 'member';
  return null;
}

/** How often a code is in use (paid, or held by a pending order): by anyone, and by the viewer. */
export interface DiscountUses {
  total: number;
  mine: number;
}

/** Why a code is refused: unknown to the viewer, or used up under its validity. */
export type DiscountRefusal = 'not_found' | 'used';

/** Why a code that the viewer may use does not fit one order. */
export type OrderRefusal = 'minimum_order' | 'method';

/** Codes are typed by people: case never matters (the unique index is on upper(code) too). */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** When the time bonus of a member signed up at `signupDate` ends. */
export function timeBonusEnd(signupDate: Date): Date {
  return new Date(signupDate.getTime() + TIME_BONUS_DURATION_SECONDS * 1000);
}

/** The time bonus runs for a member who is not paid, until TIME_BONUS_DURATION_SECONDS after signup. */
export function timeBonusOpen(viewer: Pick<DiscountViewer, 'paid' | 'signupDate' | 'now'>): boolean {
  return !viewer.paid && viewer.now < timeBonusEnd(viewer.signupDate);
}

/** Expired at `now`: a code without an end never expires. */
export function isExpired(code: Pick<DiscountCodeRow, 'expiresAt'>, now: Date): boolean {
  return code.expiresAt !== null && code.expiresAt <= now;
}

/**
 * Whether the viewer may use the code at all. A code the viewer has no right to (inactive,
 * expired, another member's, another country or currency, a time bonus that is over) is
 * 'not_found', so its existence is not revealed; one used up under its validity is 'used'.
 */
export function discountRefusal(
  code: DiscountCodeRow,
  viewer: DiscountViewer,
  uses: DiscountUses,
): DiscountRefusal | null {
  if (code.status !== 'active' || isExpired(code, viewer.now)) return 'not_found';
  if (code.memberId !== null && code.memberId !== viewer.memberId) return 'not_found';
  if (code.country !== null && code.country !== viewer.country) return 'not_found';
  if (code.currency !== null && code.currency !== viewer.currency) return 'not_found';
  if (code.source === 'time_bonus' && !timeBonusOpen(viewer)) return 'not_found';
  if (code.validity === 'once' && uses.total > 0) return 'used';
  if (code.validity === 'once_per_user' && uses.mine > 0) return 'used';
  return null;
}

/**
 * Whether a usable code fits an order of `amount` cents (the list price) paid by `method`; a code
 * for a card brand fits the card, which takes every brand (paidAs).
 */
export function orderRefusal(
  code: Pick<DiscountCodeRow, 'minimumOrderValue' | 'paymentMethods'>,
  order: { amount: number; method: PaymentMethod },
): OrderRefusal | null {
  if (code.minimumOrderValue !== null && order.amount < code.minimumOrderValue) return 'minimum_order';
  if (
    code.paymentMethods !== null &&
    !knownMethods(code.paymentMethods).some((m) => paidAs(m) === paidAs(order.method))
  ) {
    return 'method';
  }
  return null;
}

/** The stored methods that are payment methods we know (the column is free text). */
export function knownMethods(methods: readonly string[]): PaymentMethod[] {
  return methods.filter((m): m is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(m));
}
