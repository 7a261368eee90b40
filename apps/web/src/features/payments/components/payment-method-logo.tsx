import type { PaymentMethod } from '../api/contract';

/**
 * A payment method's badge (public/payment-methods/<method>.svg: our own wordmark in the
 * brand's colour). Decorative: the method's name is always written beside it.
 */
export function PaymentMethodLogo({ method }: { method: PaymentMethod }) {
  return (
    <img
      className="method-logo"
      src={`/payment-methods/${method}.svg`}
      alt=""
      width={48}
      height={32}
      loading="lazy"
      decoding="async"
    />
  );
}
