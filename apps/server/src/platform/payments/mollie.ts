import createMollieClient, {
  Locale,
  PaymentMethod as MollieMethod,
  SequenceType,
  type MollieClient,
} from '@mollie/api-client';
import type { PaymentMethod } from '@app/shared';
import type {
  CreatedPayment,
  CreatedRefund,
  PaymentProvider,
  PaymentRequest,
  PaymentStatus,
  RecurringRequest,
} from './types.js';

/**
 * Our payment methods as Mollie names them. Mollie processes every card brand (Visa,
 * Mastercard, Maestro, Cartes Bancaires, Nexi) through 'creditcard', and the brand is the
 * payer's card; SEPA credit transfer is Mollie's 'banktransfer', SEPA direct debit its
 * 'directdebit'. Mollie no longer offers giropay and SOFORT (they are "historic" methods in its
 * API): those payments go to Mollie's own method choice (null), which shows what the profile has.
 */
export const MOLLIE_METHODS: Record<PaymentMethod, MollieMethod | null> = {
  sdd: MollieMethod.directdebit,
  prezelewy24: MollieMethod.przelewy24,
  blik: MollieMethod.blik,
  sct: MollieMethod.banktransfer,
  giropay: null,
  mastercard: MollieMethod.creditcard,
  visa: MollieMethod.creditcard,
  creditcard: MollieMethod.creditcard,
  nexi: MollieMethod.creditcard,
  cartebancaire: MollieMethod.creditcard,
  ideal: MollieMethod.ideal,
  bancontact: MollieMethod.bancontact,
  applepay: MollieMethod.applepay,
  paysafecard: MollieMethod.paysafecard,
  maestro: MollieMethod.creditcard,
  paypal: MollieMethod.paypal,
  sofort: null,
  eps: MollieMethod.eps,
};

const MOLLIE_LOCALES = new Set<string>(Object.values(Locale));

/** Mollie's amount: a string with two decimals (every currency we sell in has cents). */
export function mollieAmount(cents: number, currency: string): { value: string; currency: string } {
  const whole = Math.floor(cents / 100);
  return { value: `${whole}.${String(cents - whole * 100).padStart(2, '0')}`, currency };
}

/** Our locale for the hosted page when Mollie knows it, else Mollie picks from the browser. */
function mollieLocale(locale: string): Locale | undefined {
  return MOLLIE_LOCALES.has(locale) ? (locale as Locale) : undefined;
}

export interface MollieProviderOptions {
  apiKey: string;
  /** Mollie's API root; tests point it at a local stand-in. */
  apiEndpoint?: string;
}

/**
 * Mollie through its own client library (MOLLIE_API_KEY). A first payment of a recurring method
 * creates a Mollie customer and asks for sequenceType 'first', so the paid payment leaves a
 * mandate; a repeat order charges that mandate with sequenceType 'recurring', without the payer.
 */
export function createMollieProvider(options: MollieProviderOptions): PaymentProvider {
  const client: MollieClient = createMollieClient({
    apiKey: options.apiKey,
    ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
  });

  return {
    name: 'mollie',

    async create(request: PaymentRequest): Promise<CreatedPayment> {
      const customer = request.recurring ? await client.customers.create(request.customer) : null;
      const method = MOLLIE_METHODS[request.method];
      const locale = mollieLocale(request.locale);
      const payment = await client.payments.create({
        amount: mollieAmount(request.amount, request.currency),
        description: request.description,
        redirectUrl: request.returnUrl,
        webhookUrl: request.webhookUrl,
        metadata: { order_id: request.orderId },
        ...(method ? { method } : {}),
        ...(locale ? { locale } : {}),
        ...(customer ? { customerId: customer.id, sequenceType: SequenceType.first } : {}),
      });
      return { id: payment.id, checkoutUrl: payment.getCheckoutUrl() };
    },

    async status(paymentId: string): Promise<PaymentStatus> {
      const payment = await client.payments.get(paymentId);
      return { status: payment.status, customerId: payment.customerId ?? null, mandateId: payment.mandateId ?? null };
    },

    async chargeRecurring(request: RecurringRequest): Promise<CreatedPayment> {
      const payment = await client.payments.create({
        amount: mollieAmount(request.amount, request.currency),
        description: request.description,
        webhookUrl: request.webhookUrl,
        metadata: { order_id: request.orderId },
        customerId: request.customerId,
        mandateId: request.mandateId,
        sequenceType: SequenceType.recurring,
      });
      return { id: payment.id, checkoutUrl: null };
    },

    async refund(paymentId: string, amount: number, currency: string, description: string): Promise<CreatedRefund> {
      const refund = await client.paymentRefunds.create({
        paymentId,
        amount: mollieAmount(amount, currency),
        description,
      });
      return { id: refund.id };
    },
  };
}
