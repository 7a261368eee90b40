import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { RECURRING_METHODS } from '@app/shared';
import type { DbOrTx } from '../../db/client.js';
import { demoPayments } from '../../db/schema/index.js';
import {
  CHECKOUT_MINUTES,
  type CreatedPayment,
  type CreatedRefund,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStatus,
  type RecurringRequest,
} from './types.js';

export type DemoPaymentRow = typeof demoPayments.$inferSelect;

/** What the payer can choose on the demo checkout page: Mollie's final states, or leave it open. */
export const DEMO_OUTCOMES = ['paid', 'failed', 'canceled', 'open'] as const;
export type DemoOutcome = (typeof DEMO_OUTCOMES)[number];

/** Where the demo checkout page of a payment lives, on the origin our webhook is on. */
export function demoCheckoutPath(paymentId: string): string {
  return `/demo-checkout/${encodeURIComponent(paymentId)}`;
}

/**
 * A mandate of a card the payer set to decline future charges. The demo has no card, so the
 * mandate id carries the choice: demo_payments needs no column for it, and a repeat order
 * charged with it fails, which is how the recurring-failure page can be tried.
 */
const DECLINING_MANDATE = 'mdt_demo_decline_';
const MANDATE = 'mdt_demo_';

const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** The demo provider as a PaymentProvider, plus what its hosted page needs. */
export interface DemoProvider extends PaymentProvider {
  readonly name: 'demo';
  /** A payment of the demo checkout as it is now (expired once open too long); null for an unknown id. */
  find(paymentId: string): Promise<DemoPaymentRow | null>;
  /**
   * Records the payer's choice on an open payment (a final state stays final, as at a real
   * provider). A paid first payment of a recurring method leaves a customer and mandate, a
   * declining one when `declineFuture` is set. Answers the payment as it is now.
   */
  choose(paymentId: string, outcome: DemoOutcome, declineFuture: boolean): Promise<DemoPaymentRow | null>;
  /** The refunds this process made of a payment, oldest first. */
  refunds(paymentId: string): readonly DemoRefund[];
}

/** A refund of the demo checkout: there is no money, so it is only recorded (in memory). */
export interface DemoRefund {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  description: string;
  createdAt: Date;
}

/**
 * The built-in demo checkout (no MOLLIE_API_KEY): payments live in demo_payments and the payer
 * decides their fate on our own hosted page. It answers status() from that table exactly as
 * Mollie answers from its API, so orders go through the same webhook path either way.
 */
export function createDemoProvider(deps: { db: DbOrTx; now?: () => Date }): DemoProvider {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const refunds: DemoRefund[] = [];

  /**
   * A payment as it is now: one left open for longer than CHECKOUT_MINUTES expires first, as at
   * Mollie, so the payer can no longer choose and the app is told 'expired'. The update is
   * guarded like the payer's choice, so of the two exactly one decides the payment's fate.
   */
  async function find(paymentId: string): Promise<DemoPaymentRow | null> {
    const [row] = await db.select().from(demoPayments).where(eq(demoPayments.id, paymentId)).limit(1);
    if (!row || row.status !== 'open' || row.createdAt.getTime() > now().getTime() - CHECKOUT_MINUTES * 60_000) {
      return row ?? null;
    }
    const [expired] = await db
      .update(demoPayments)
      .set({ status: 'expired' })
      .where(and(eq(demoPayments.id, paymentId), eq(demoPayments.status, 'open')))
      .returning();
    return expired ?? find(paymentId);
  }

  return {
    name: 'demo',
    find,

    async create(request: PaymentRequest): Promise<CreatedPayment> {
      const id = newId('tr_demo_');
      await db.insert(demoPayments).values({
        id,
        amount: request.amount,
        currency: request.currency,
        method: request.method,
        description: request.description,
        returnUrl: request.returnUrl,
        webhookUrl: request.webhookUrl,
        createdAt: now(),
      });
      return { id, checkoutUrl: new URL(demoCheckoutPath(id), request.webhookUrl).toString() };
    },

    async status(paymentId: string): Promise<PaymentStatus> {
      const row = await find(paymentId);
      if (!row) throw new Error(`unknown demo payment ${paymentId}`);
      return { status: row.status, customerId: row.customerId, mandateId: row.mandateId };
    },

    async chargeRecurring(request: RecurringRequest): Promise<CreatedPayment> {
      const id = newId('tr_demo_');
      const declined = request.mandateId.startsWith(DECLINING_MANDATE);
      await db.insert(demoPayments).values({
        id,
        amount: request.amount,
        currency: request.currency,
        method: request.method,
        description: request.description,
        status: declined ? 'failed' : 'paid',
        customerId: request.customerId,
        mandateId: request.mandateId,
        returnUrl: '',
        webhookUrl: request.webhookUrl,
        createdAt: now(),
      });
      return { id, checkoutUrl: null };
    },

    /**
     * Refunds as Mollie would: only a paid payment, in its currency, never more than is left of
     * it. Demo money does not exist, so the refund is only recorded in this process.
     */
    async refund(paymentId: string, amount: number, currency: string, description: string): Promise<CreatedRefund> {
      const row = await find(paymentId);
      if (!row) throw new Error(`unknown demo payment ${paymentId}`);
      if (row.status !== 'paid') throw new Error(`demo payment ${paymentId} is ${row.status}, not paid`);
      if (currency !== row.currency) throw new Error(`demo payment ${paymentId} is in ${row.currency}`);
      const refunded = refunds.filter((r) => r.paymentId === paymentId).reduce((sum, r) => sum + r.amount, 0);
      if (amount <= 0 || refunded + amount > row.amount) {
        throw new Error(`demo payment ${paymentId} has ${row.amount - refunded} cents left to refund`);
      }
      const refund = { id: newId('re_demo_'), paymentId, amount, currency, description, createdAt: new Date() };
      refunds.push(refund);
      return { id: refund.id };
    },

    refunds(paymentId: string): readonly DemoRefund[] {
      return refunds.filter((r) => r.paymentId === paymentId);
    },

    async choose(paymentId: string, outcome: DemoOutcome, declineFuture: boolean): Promise<DemoPaymentRow | null> {
      const row = await find(paymentId);
      if (!row || row.status !== 'open' || outcome === 'open') return row;
      const mandate =
        outcome === 'paid' && RECURRING_METHODS.some((method) => method === row.method)
          ? { customerId: newId('cst_demo_'), mandateId: newId(declineFuture ? DECLINING_MANDATE : MANDATE) }
          : {};
      const [updated] = await db
        .update(demoPayments)
        .set({ status: outcome, ...mandate })
        .where(and(eq(demoPayments.id, paymentId), eq(demoPayments.status, 'open')))
        .returning();
      return updated ?? find(paymentId);
    },
  };
}
