/*
 * The direct-debit part of the payments contract (packages/shared/src/schemas/payments.ts),
 * imported type-only so no zod reaches the bundle.
 */
export type {
  Bundle,
  DirectDebitBody,
  DirectDebitConfirmBody,
  DirectDebitResponse,
  Order,
  OrderResponse,
} from '@app/shared';
