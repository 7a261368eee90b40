import {
  CURRENCY_BY_COUNTRY,
  DEFAULT_CURRENCY,
  discountedAmount,
  TIME_BONUS_CODE,
  type DiscountCodeQuery,
  type DiscountCodeResponse,
  type PaymentMethod,
} from '@app/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, authenticationRequired, validationFailed } from '../../errors.js';
import { presentDiscount } from './discounts.presenter.js';
import {
  countUses,
  deleteUnpaidUses,
  findDiscountCode,
  findStanding,
  findValidity,
  insertUse,
} from './discounts.repository.js';
import {
  claimHolds,
  discountRefusal,
  normalizeCode,
  orderRefusal,
  timeBonusEnd,
  type DiscountCodeRow,
  type DiscountViewer,
} from './discounts.rules.js';

export const codeNotFound = () => new AppError(404, 'code_not_found');
export const codeUsed = () => new AppError(409, 'code_used');

/** A code that passed every rule for one order: what the order records and takes off. */
export interface OrderDiscount {
  id: number;
  code: string;
  percentage: number;
}

/** What the code rules need of the member; a member gone since login is logged out. */
async function standingOf(db: DbOrTx, memberId: number) {
  const standing = await findStanding(db, memberId);
  if (!standing) throw authenticationRequired();
  return standing;
}

/**
 * The code, or the contract's error: 404 code_not_found for a code the viewer may not know (see
 * discountRefusal), 409 code_used for one used up under its validity.
 */
async function usableCode(db: DbOrTx, code: string, viewer: DiscountViewer): Promise<DiscountCodeRow> {
  const row = await findDiscountCode(db, normalizeCode(code));
  if (!row) throw codeNotFound();
  const refusal = discountRefusal(row, viewer, await countUses(db, row.id, viewer.memberId));
  if (refusal === 'not_found') throw codeNotFound();
  if (refusal === 'used') throw codeUsed();
  return row;
}

/**
 * Checks a code for an order (POST /api/order.php): every rule of discountcode.php, then the
 * order's own (400 fields.code code_minimum_order under the minimum order value, code_method for
 * a method the code excludes). `amount` is the list price in cents of `currency`. The check is
 * what the member is told; what holds a single use to one order is claimOrderDiscount.
 */
export async function checkDiscountForOrder(
  db: DbOrTx,
  input: {
    code: string;
    memberId: number;
    country: string;
    currency: string;
    amount: number;
    method: PaymentMethod;
    now: Date;
  },
): Promise<OrderDiscount> {
  const { paid, signupDate } = await standingOf(db, input.memberId);
  const row = await usableCode(db, input.code, { ...input, paid, signupDate });
  const refusal = orderRefusal(row, input);
  if (refusal === 'minimum_order') throw validationFailed({ code: 'code_minimum_order' });
  if (refusal === 'method') throw validationFailed({ code: 'code_method' });
  return { id: row.id, code: row.code, percentage: row.percentage };
}

/**
 * Claims the code of an order just inserted, in the transaction that inserted it, so the order
 * and its use commit together. A code used once (in all, or per member) is held by one live use:
 * another pending or paid order's claim, made before or at the same moment, leaves nothing to
 * claim and the order is refused with 409 code_used (its transaction rolls back). The use lives
 * while the order is pending or paid; failing or cancelling the order gives it back (failOrder).
 */
export async function claimOrderDiscount(
  tx: DbOrTx,
  order: { id: number; memberId: number; discountCodeId: number | null; createdAt: Date },
): Promise<void> {
  if (order.discountCodeId === null) return;
  const validity = await findValidity(tx, order.discountCodeId);
  if (validity === null) throw codeNotFound();
  const claimed = await insertUse(tx, {
    codeId: order.discountCodeId,
    memberId: order.memberId,
    orderId: order.id,
    holds: claimHolds(validity),
    createdAt: order.createdAt,
  });
  if (!claimed) throw codeUsed();
}

/** An order's price fields: the amount paid, the list price and the discount that made the difference. */
export interface OrderPrice {
  amount: number;
  listAmount: number;
  discountCodeId: number | null;
  discountCode: string | null;
  discountPercentage: number | null;
}

/**
 * The price an order records for `listAmount`: without a code the list price, with one the code
 * checked by checkDiscountForOrder (same errors) and its percentage taken off. The order's
 * transaction then claims the code with claimOrderDiscount.
 */
export async function orderPrice(
  db: DbOrTx,
  code: string | undefined,
  input: Omit<Parameters<typeof checkDiscountForOrder>[1], 'code'>,
): Promise<OrderPrice> {
  if (code === undefined) {
    return {
      amount: input.amount,
      listAmount: input.amount,
      discountCodeId: null,
      discountCode: null,
      discountPercentage: null,
    };
  }
  const discount = await checkDiscountForOrder(db, { ...input, code });
  return {
    amount: discountedAmount(input.amount, discount.percentage),
    listAmount: input.amount,
    discountCodeId: discount.id,
    discountCode: discount.code,
    discountPercentage: discount.percentage,
  };
}

/**
 * Before accounts are erased: their unpaid claims give the codes back, while their paid uses
 * stay (without member and order) and go on counting, so an erased account never frees a code
 * it used up. Call it in the erasing transaction.
 */
export async function releaseErasedMembersClaims(db: DbOrTx, memberIds: number[]): Promise<void> {
  await deleteUnpaidUses(db, memberIds);
}

export interface DiscountsServiceDeps {
  db: Db;
  now?: () => Date;
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;

/** Discount codes and the time bonus (spec sections 3 and 4). */
export function createDiscountsService(deps: DiscountsServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * GET /api/discountcode.php: a code the member may use, or with welcome=true the member's
   * welcome discount, which is the time bonus while it runs.
   */
  async function check(memberId: number, query: DiscountCodeQuery): Promise<DiscountCodeResponse> {
    const standing = await standingOf(db, memberId);
    const country = standing.country ?? '';
    const at = now();
    const row = await usableCode(db, query.code ?? TIME_BONUS_CODE, {
      memberId,
      country,
      currency: CURRENCY_BY_COUNTRY[country] ?? DEFAULT_CURRENCY,
      paid: standing.paid,
      signupDate: standing.signupDate,
      now: at,
    });
    const expiresAt = row.source === 'time_bonus' ? timeBonusEnd(standing.signupDate) : row.expiresAt;
    return { discount: presentDiscount(row, at, expiresAt) };
  }

  return { check };
}
