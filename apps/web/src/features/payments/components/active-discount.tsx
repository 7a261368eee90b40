/*
 * The active discount of the shop: for the time bonus and welcome discount (features/time-bonus).
 *
 * - useActiveDiscount(welcome) answers the discount the bundle cards, the order summary and the
 *   order itself use: the code the member entered (the `?code=` of the address, once
 *   discountcode.php accepted it), else the welcome discount passed in while it runs, else null.
 *   The payment pages (/credits, /premium, /credits/{id}) already pass useWelcomeDiscount()'s
 *   discount, so the time bonus shows struck through on every bundle card without more wiring.
 * - <DiscountBadge discount={...} /> shows one as a pill: "25% welcome discount" or "CODE: 20% off".
 *   Use it anywhere the active discount should be named (e.g. beside the countdown).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SparklesIcon } from '../../../components/icons';
import type { DiscountCode } from '../api/contract';
import { useDiscountCode } from '../api/get-discount-code';
import { activeDiscount, type ActiveDiscount } from '../rules';

/** setTimeout's longest delay; a later end is checked again after it. */
const MAX_TIMER = 2 ** 31 - 1;

/** The code in the address (`?code=`), trimmed; null when there is none. */
export function useEnteredCode(): string | null {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim();
  return code ? code : null;
}

/**
 * The discount that applies now (see the note at the top of this file). It lapses by itself at
 * its `expires` moment: the page re-renders then, without the discount.
 */
export function useActiveDiscount(welcome: DiscountCode | null): ActiveDiscount | null {
  const entered = useDiscountCode(useEnteredCode()).data?.discount ?? null;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const ends = [entered, welcome]
      .map((discount) => (discount?.expires ? Date.parse(discount.expires) : Number.NaN))
      .filter((end) => end > now);
    if (ends.length === 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.min(...ends) - now, MAX_TIMER));
    return () => clearTimeout(timer);
  }, [entered, welcome, now]);

  return activeDiscount(entered, welcome, now);
}

/** The active discount named as a pill. */
export function DiscountBadge({ discount }: { discount: ActiveDiscount }) {
  const { t } = useTranslation();
  const text =
    discount.source === 'welcome'
      ? t('payments.discount.welcome', { percent: discount.percentage })
      : t('payments.discount.code', { code: discount.code, percent: discount.percentage });
  return (
    <p className="discount-badge">
      <SparklesIcon size={18} /> {text}
    </p>
  );
}
