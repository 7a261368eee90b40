import type { DiscountCode, DiscountCodeResponse } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import { useUser } from '../../../data/user';
import { useTimeBonusVisible } from '../hooks/use-time-bonus';

/**
 * GET /api/discountcode.php?welcome=true: the member's welcome discount (the time bonus while it
 * runs), or null. Its failures, the 404 of a member without one included, are ignored silently
 * (spec sections 7 and 8): there is simply no discount to show.
 */
export function getWelcomeDiscount(signal?: AbortSignal): Promise<DiscountCode | null> {
  return apiRequest<DiscountCodeResponse>('/api/discountcode.php?welcome=true', { signal }).then(
    ({ discount }) => discount,
    () => null,
  );
}

/** Member `memberId`'s welcome discount; asked only while `enabled`. */
export const welcomeDiscountQueryOptions = (memberId: number, enabled = true) =>
  queryOptions({
    queryKey: queryKeys.welcomeDiscount(memberId),
    queryFn: ({ signal }) => getWelcomeDiscount(signal),
    enabled,
    staleTime: 5 * 60_000,
  });

/**
 * The logged-in member's welcome discount while their time bonus shows, else null (visitors,
 * paid members, after the countdown, and while it loads). Asked only while the bonus shows, so
 * members past it never make the call.
 */
export function useWelcomeDiscount(): DiscountCode | null {
  const user = useUser();
  const isVisible = useTimeBonusVisible();
  const discount = useQuery(welcomeDiscountQueryOptions(user?.profile.id ?? 0, user !== null && isVisible)).data;
  return isVisible ? (discount ?? null) : null;
}
