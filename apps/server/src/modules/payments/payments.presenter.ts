import { PaymentMethodSchema, type Bundle, type CreditMovement, type Order } from '@app/shared';
import type { LedgerRow, OrderRow, PricedBundle } from './payments.repository.js';

/** An order as its member sees it; the provider's ids and the mandate never leave the server. */
export function presentOrder(row: OrderRow): Order {
  return {
    id: row.id,
    status: row.status,
    bundle_id: row.bundleId,
    credits: row.credits,
    // Only offered methods are ever stored; parsing keeps the column's plain text type honest.
    method: PaymentMethodSchema.parse(row.method),
    currency: row.currency,
    amount: row.amount,
    list_amount: row.listAmount,
    discount_code: row.discountCode,
    discount_percentage: row.discountPercentage,
    failure: row.failure,
    terms_version: row.termsVersion.toISOString(),
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** A ledger row as a movement of the balance. */
export function presentMovement(row: LedgerRow): CreditMovement {
  return {
    id: row.id,
    delta: row.delta,
    reason: row.reason,
    balance_after: row.balanceAfter,
    order_id: row.orderId,
    at: row.createdAt.toISOString(),
  };
}

/** A bundle priced in the viewer's currency. */
export function presentBundle(row: PricedBundle): Bundle {
  return { id: row.id, tier: row.tier, credits: row.credits, popular: row.popular, price: row.price };
}
