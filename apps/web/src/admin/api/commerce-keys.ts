import type { AdminOrderListQuery, DISCOUNT_SOURCES } from '@app/shared';

/** The order list's filters: the list query without its paging. */
export type OrderFilters = Omit<AdminOrderListQuery, 'before'>;

/** A discount code's source, or undefined for every source. */
export type DiscountSourceFilter = (typeof DISCOUNT_SOURCES)[number] | undefined;

/** The commerce screens' query keys, under 'admin' like the rest so logging out clears them. */
export const commerceKeys = {
  orders: (filters: OrderFilters) => ['admin', 'orders', filters] as const,
  order: (id: number) => ['admin', 'order', id] as const,
  bundles: ['admin', 'bundles'] as const,
  gifts: ['admin', 'gifts'] as const,
  discountCodes: (q: string, source: DiscountSourceFilter) => ['admin', 'discount-codes', q, source ?? 'all'] as const,
  companies: ['admin', 'companies'] as const,
};
