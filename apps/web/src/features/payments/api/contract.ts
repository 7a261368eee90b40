/*
 * The payments contract's types (packages/shared/src/schemas/payments.ts), imported type-only so
 * no zod reaches the bundle.
 */
export type {
  Bundle,
  BundlesResponse,
  CreateOrderBody,
  CreateOrderResponse,
  CreditMovement,
  DiscountCode,
  DiscountCodeResponse,
  Order,
  OrderResponse,
  OrderStatus,
  PaymentMethod,
  RepeatOrderBody,
  TransactionsResponse,
} from '@app/shared';
