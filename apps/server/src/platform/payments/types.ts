import type { PaymentMethod } from '@app/shared';

/**
 * How long a payer has on a hosted checkout page: the demo's payments expire after it, and most
 * of Mollie's within it (its own expiry depends on the method). Orders pending for longer are
 * asked about again by the payments module's stale-orders job.
 */
export const CHECKOUT_MINUTES = 60;

/**
 * A payment provider as the payments module sees it. Two implementations: the built-in demo
 * checkout (default) and Mollie (MOLLIE_API_KEY). The app never trusts a webhook's body: it asks
 * the provider for the status of the payment the webhook names.
 */
export interface PaymentProvider {
  readonly name: 'demo' | 'mollie';
  /** Creates a payment; the payer is sent to `checkoutUrl`. */
  create(request: PaymentRequest): Promise<CreatedPayment>;
  /** The payment's status as the provider knows it now. */
  status(paymentId: string): Promise<PaymentStatus>;
  /** Charges a stored mandate without the payer (repeat order); the result arrives as a status. */
  chargeRecurring(request: RecurringRequest): Promise<CreatedPayment>;
  /**
   * Refunds `amount` cents of a paid payment to the payer; answers the provider's refund. Throws
   * when the provider refuses (unknown or unpaid payment, more than was paid, ...).
   */
  refund(paymentId: string, amount: number, currency: string, description: string): Promise<CreatedRefund>;
}

export interface CreatedRefund {
  id: string;
}

export interface PaymentRequest {
  /** Our order id, for the provider's metadata and description. */
  orderId: number;
  /** Cents. */
  amount: number;
  currency: string;
  method: PaymentMethod;
  description: string;
  /** Where the payer comes back to (our /transactions/{order id}). */
  returnUrl: string;
  /** Where the provider reports changes (POST /api/payment-webhook.php). */
  webhookUrl: string;
  /** Locale of the hosted page, e.g. 'nl_NL'. */
  locale: string;
  /** A first payment of a recurring method: leave a mandate for repeat orders. */
  recurring: boolean;
  /** For the provider's customer record of a recurring payment. */
  customer: { name: string; email: string };
}

export interface RecurringRequest extends Omit<PaymentRequest, 'returnUrl' | 'recurring' | 'customer'> {
  customerId: string;
  mandateId: string;
}

export interface CreatedPayment {
  id: string;
  /** Null for a recurring charge (no payer involved). */
  checkoutUrl: string | null;
}

/** Provider statuses, Mollie's vocabulary: open and pending are both still pending to us. */
export type ProviderStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface PaymentStatus {
  status: ProviderStatus;
  /** Set once a recurring-method first payment is paid. */
  customerId: string | null;
  mandateId: string | null;
}
