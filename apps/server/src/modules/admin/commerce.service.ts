import type { FastifyBaseLogger } from 'fastify';
import {
  ADMIN_DISCOUNT_CODE_PAGE,
  ADMIN_ORDER_PAGE,
  SOLD_CURRENCIES,
  TIME_BONUS_CODE,
  type AdminBundle,
  type AdminBundleBody,
  type AdminCompany,
  type AdminCompanyBody,
  type AdminDiscountCode,
  type AdminDiscountCodeBody,
  type AdminDiscountCodeListQuery,
  type AdminDiscountCodeListResponse,
  type AdminGift,
  type AdminGiftBody,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  type AdminOrderRefundResponse,
  type AdminOrderSummary,
  type ProviderPaymentStatus,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound, validationFailed } from '../../errors.js';
import { CREDITS_CHANNEL, publishEvent } from '../../platform/bus/events.js';
import type { Bus } from '../../platform/bus/index.js';
import type { PaymentProvider } from '../../platform/payments/types.js';
import type { SiteData } from '../settings/site-data.js';
import {
  claimRefund,
  expireDiscountCode,
  findDiscountCodeById,
  findGift,
  findOrderDetail,
  insertDiscountCode,
  insertGift,
  listBundles,
  listCompanies,
  listDiscountCodes,
  listGifts,
  listOrders,
  releaseRefund,
  saveBundle,
  setRefundId,
  updateCompany,
  updateGift,
  type BundleWithPrices,
  type DiscountCodeListRow,
  type GiftRow,
  type OrderListRow,
  type OrderRow,
} from './commerce.repository.js';
import type { StaffActor, StaffService } from './staff.service.js';
import { takeBackCredits } from '../credits/credits.repository.js';
import type { CompanyRow } from '../../db/schema/index.js';

export interface CommerceServiceDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  staff: Pick<StaffService, 'audit'>;
  /** The payment provider of this process: refunds and live statuses go to it. */
  provider: PaymentProvider;
  /** Settings and reference data cache company rows: an edit clears them in every process. */
  siteData: Pick<SiteData, 'changed'>;
  now?: () => Date;
}

export type CommerceService = ReturnType<typeof createCommerceService>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** What changed between two versions of a record, field by field, for the audit entry. */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      out[key] = { from: before[key] ?? null, to: after[key] };
  }
  return out;
}

function presentOrderSummary({ order: o, email, name }: OrderListRow): AdminOrderSummary {
  return {
    id: o.id,
    member_id: o.memberId,
    member_email: email,
    member_name: name,
    bundle_id: o.bundleId,
    credits: o.credits,
    amount: o.amount,
    list_amount: o.listAmount,
    currency: o.currency,
    discount_code: o.discountCode,
    method: o.method,
    provider: o.provider,
    provider_payment_id: o.providerPaymentId,
    status: o.status,
    repeat: o.repeat,
    created_at: o.createdAt.toISOString(),
    completed_at: iso(o.completedAt),
    refunded_at: iso(o.refundedAt),
    refund_id: o.refundId,
  };
}

function presentBundle({ bundle: b, prices }: BundleWithPrices): AdminBundle {
  return {
    id: b.id,
    tier: b.tier,
    credits: b.credits,
    popular: b.popular,
    position: b.position,
    active: b.active,
    prices,
    created_at: b.createdAt.toISOString(),
  };
}

function presentGift(g: GiftRow): AdminGift {
  return {
    key: g.key,
    name: g.name,
    image: g.image,
    credits: g.credits,
    position: g.position,
    active: g.active,
    created_at: g.createdAt.toISOString(),
  };
}

function presentDiscountCode({ code: c, uses, lastUsedAt }: DiscountCodeListRow): AdminDiscountCode {
  return {
    id: c.id,
    code: c.code,
    member_id: c.memberId,
    percentage: c.percentage,
    country: c.country,
    currency: c.currency,
    minimum_order_value: c.minimumOrderValue,
    payment_methods: c.paymentMethods,
    status: c.status,
    validity: c.validity,
    source: c.source,
    expires_at: iso(c.expiresAt),
    created_at: c.createdAt.toISOString(),
    uses,
    last_used_at: iso(lastUsedAt),
  };
}

function presentCompany(c: CompanyRow, domains: string[]): AdminCompany {
  return {
    id: c.id,
    name: c.name,
    address: c.address,
    kvk: c.kvk,
    city: c.city,
    country: c.country,
    tradenames: c.tradenames,
    vat_numbers: c.vatNumbers,
    support_phone: c.supportPhone,
    delete_discount: c.deleteDiscount,
    added: c.added.toISOString(),
    domains,
  };
}

/** The provider-side reasons a refund cannot even be tried; null when the provider may refund it. */
function refundRefusal(order: OrderRow, provider: PaymentProvider): AppError | null {
  if (order.provider === 'directdebit') return new AppError(400, 'refund_directdebit');
  if (order.provider !== provider.name || !order.providerPaymentId)
    return new AppError(400, 'refund_provider_mismatch');
  return null;
}

/**
 * The console's commerce: orders and their refunds (permission 'orders'), and the shop's
 * settings: bundles, gifts, discount codes and company info (permission 'settings'). Every change
 * is audited with what changed.
 */
export function createCommerceService(deps: CommerceServiceDeps) {
  const { db, log, staff, provider } = deps;
  const now = deps.now ?? (() => new Date());

  async function liveStatus(order: OrderRow): Promise<ProviderPaymentStatus | null> {
    if (!order.providerPaymentId || order.provider === 'directdebit') return null;
    if (order.provider !== provider.name) {
      return { status: 'unknown', message: `paid through ${order.provider}; this installation runs ${provider.name}` };
    }
    try {
      return { status: (await provider.status(order.providerPaymentId)).status, message: null };
    } catch (err) {
      log.warn({ err, orderId: order.id }, 'reading the payment status from the provider failed');
      return { status: 'unknown', message: err instanceof Error ? err.message : String(err) };
    }
  }

  async function orderDetail(orderId: number): Promise<AdminOrderDetail> {
    const row = await findOrderDetail(db, orderId);
    if (!row) throw notFound();
    const o = row.order;
    return {
      ...presentOrderSummary(row),
      discount_percentage: o.discountPercentage,
      failure: o.failure,
      provider_status: await liveStatus(o),
      credits_taken_back: row.takenBack,
      refundable: o.status === 'completed' && o.refundedAt === null && refundRefusal(o, provider) === null,
    };
  }

  async function bundle(id: number): Promise<AdminBundle> {
    const [row] = await listBundles(db, [id]);
    if (!row) throw notFound();
    return presentBundle(row);
  }

  async function discountCode(id: number): Promise<AdminDiscountCode> {
    const [row] = await listDiscountCodes(db, { q: '', id }, 1);
    if (!row) throw notFound();
    return presentDiscountCode(row);
  }

  return {
    async orders(query: AdminOrderListQuery): Promise<AdminOrderListResponse> {
      const rows = await listOrders(
        db,
        { status: query.status, provider: query.provider, memberId: query.member_id, before: query.before },
        ADMIN_ORDER_PAGE + 1,
      );
      const page = rows.slice(0, ADMIN_ORDER_PAGE);
      return {
        orders: page.map(presentOrderSummary),
        next_before: rows.length > ADMIN_ORDER_PAGE ? (page.at(-1)?.order.id ?? null) : null,
      };
    },

    orderDetail,

    /**
     * Refunds a completed order through its provider, once: the guarded update claims it, the
     * provider refunds the whole amount, then the order's credits come back through the ledger
     * as far as the member still has them. A provider that refuses releases the claim (502), so
     * it can be tried again. The member stays premium: paying once made them so.
     */
    async refundOrder(actor: StaffActor, orderId: number, reason: string): Promise<AdminOrderRefundResponse> {
      const found = await findOrderDetail(db, orderId);
      if (!found) throw notFound();
      const order = found.order;
      const refusal = refundRefusal(order, provider);
      if (refusal) throw refusal;
      if (order.refundedAt) throw new AppError(409, 'order_already_refunded');
      if (order.status !== 'completed') throw new AppError(409, 'order_not_completed');

      const claimedAt = now();
      const claimed = await claimRefund(db, orderId, claimedAt);
      if (!claimed) throw new AppError(409, 'order_already_refunded');

      let refundId: string;
      try {
        ({ id: refundId } = await provider.refund(
          claimed.providerPaymentId!,
          claimed.amount,
          claimed.currency,
          `Refund of order ${claimed.id}`,
        ));
      } catch (err) {
        await releaseRefund(db, orderId, claimedAt);
        const message = err instanceof Error ? err.message : String(err);
        log.error({ err, orderId }, 'the payment provider refused a refund');
        await staff.audit(actor, {
          action: 'order.refund_failed',
          targetType: 'order',
          targetId: orderId,
          details: { amount: claimed.amount, currency: claimed.currency, reason, error: message },
        });
        throw new AppError(502, 'refund_failed');
      }

      // The money is back with the payer from here on: the claim stays whatever happens next.
      const result = await db.transaction(async (tx) => {
        await setRefundId(tx, orderId, refundId);
        return takeBackCredits(tx, { memberId: claimed.memberId, credits: claimed.credits, orderId, at: claimedAt });
      });
      const taken = result?.taken ?? 0;
      const balance = result?.balance ?? 0;
      await publishEvent(deps.bus, CREDITS_CHANNEL, {
        type: 'credits',
        member_id: claimed.memberId,
        credits: balance,
      }).catch((err: unknown) => log.error({ err, orderId }, 'publishing the new balance failed'));
      await staff.audit(actor, {
        action: 'order.refund',
        targetType: 'order',
        targetId: orderId,
        details: {
          member_id: claimed.memberId,
          amount: claimed.amount,
          currency: claimed.currency,
          provider: claimed.provider,
          refund_id: refundId,
          credits: claimed.credits,
          credits_taken_back: taken,
          balance,
          reason,
        },
      });
      return { order: await orderDetail(orderId), credits_taken_back: taken, balance };
    },

    async bundles(): Promise<{ bundles: AdminBundle[]; currencies: string[] }> {
      return { bundles: (await listBundles(db)).map(presentBundle), currencies: [...SOLD_CURRENCIES] };
    },

    /** Creates (id null) or replaces a bundle; marking it popular takes the flag off the others. */
    async saveBundle(actor: StaffActor, id: number | null, body: AdminBundleBody): Promise<AdminBundle> {
      const before = id === null ? null : await bundle(id);
      const { prices, ...values } = body;
      const saved = await db.transaction((tx) => saveBundle(tx, id, values, prices));
      if (saved === null) throw notFound();
      const after = await bundle(saved);
      const { id: _id, created_at: _created, ...fields } = after;
      await staff.audit(actor, {
        action: before ? 'bundle.update' : 'bundle.create',
        targetType: 'bundle',
        targetId: saved,
        details: before ? { changed: changes(before, after) } : { bundle: fields },
      });
      return after;
    },

    async gifts(): Promise<{ gifts: AdminGift[] }> {
      return { gifts: (await listGifts(db)).map(presentGift) };
    },

    async createGift(actor: StaffActor, body: AdminGiftBody): Promise<AdminGift> {
      const row = await insertGift(db, body);
      if (!row) throw validationFailed({ key: 'gift_key_taken' });
      const gift = presentGift(row);
      await staff.audit(actor, {
        action: 'gift.create',
        targetType: 'gift',
        targetId: row.key,
        details: { gift: body },
      });
      return gift;
    },

    async updateGift(actor: StaffActor, body: AdminGiftBody): Promise<AdminGift> {
      const before = await findGift(db, body.key);
      if (!before) throw notFound();
      const { key, ...values } = body;
      const row = await updateGift(db, key, values);
      if (!row) throw notFound();
      const after = presentGift(row);
      await staff.audit(actor, {
        action: 'gift.update',
        targetType: 'gift',
        targetId: key,
        details: { changed: changes(presentGift(before), after) },
      });
      return after;
    },

    async discountCodes(query: AdminDiscountCodeListQuery): Promise<AdminDiscountCodeListResponse> {
      const rows = await listDiscountCodes(
        db,
        { q: query.q, source: query.source, before: query.before },
        ADMIN_DISCOUNT_CODE_PAGE + 1,
      );
      const page = rows.slice(0, ADMIN_DISCOUNT_CODE_PAGE);
      return {
        codes: page.map(presentDiscountCode),
        next_before: rows.length > ADMIN_DISCOUNT_CODE_PAGE ? (page.at(-1)?.code.id ?? null) : null,
      };
    },

    /** A new operator code; the code is stored upper case and must be free in any case. */
    async createDiscountCode(actor: StaffActor, body: AdminDiscountCodeBody): Promise<AdminDiscountCode> {
      const expiresAt = body.expires_at === null ? null : new Date(body.expires_at);
      if (expiresAt && expiresAt <= now()) throw validationFailed({ expires_at: 'field_invalid' });
      const row = await insertDiscountCode(db, {
        code: body.code,
        memberId: body.member_id,
        percentage: body.percentage,
        country: body.country,
        currency: body.currency,
        minimumOrderValue: body.minimum_order_value,
        paymentMethods: body.payment_methods,
        validity: body.validity,
        source: 'operator',
        expiresAt,
        createdAt: now(),
      }).catch((err: unknown) => {
        // A personal code of a member that does not exist (foreign key).
        if (body.member_id !== null && /foreign key|violates/i.test(String((err as Error).message ?? err))) {
          throw validationFailed({ member_id: 'field_invalid' });
        }
        throw err;
      });
      if (!row) throw validationFailed({ code: 'code_taken' });
      await staff.audit(actor, {
        action: 'discount_code.create',
        targetType: 'discount_code',
        targetId: row.id,
        details: { code: body },
      });
      return discountCode(row.id);
    },

    async expireDiscountCode(actor: StaffActor, id: number): Promise<AdminDiscountCode> {
      const row = await findDiscountCodeById(db, id);
      if (!row) throw notFound();
      if (row.source === 'time_bonus' || row.code === TIME_BONUS_CODE) throw badRequest();
      const at = now();
      const ends = row.expiresAt && row.expiresAt < at ? row.expiresAt : at;
      await expireDiscountCode(db, id, ends);
      await staff.audit(actor, {
        action: 'discount_code.expire',
        targetType: 'discount_code',
        targetId: id,
        details: {
          code: row.code,
          changed: changes(
            { status: row.status, expires_at: iso(row.expiresAt) },
            { status: 'inactive', expires_at: ends.toISOString() },
          ),
        },
      });
      return discountCode(id);
    },

    async companies(): Promise<{ companies: AdminCompany[] }> {
      return { companies: (await listCompanies(db)).map((c) => presentCompany(c.company, c.domains)) };
    },

    /** Company info, shown on the site at once in every process. */
    async updateCompany(actor: StaffActor, body: AdminCompanyBody): Promise<AdminCompany> {
      const before = (await listCompanies(db)).find((c) => c.company.id === body.id);
      if (!before) throw notFound();
      const row = await updateCompany(db, body.id, {
        name: body.name,
        address: body.address,
        kvk: body.kvk,
        city: body.city,
        country: body.country,
        tradenames: body.tradenames,
        vatNumbers: body.vat_numbers,
        supportPhone: body.support_phone,
        deleteDiscount: body.delete_discount,
      });
      if (!row) throw notFound();
      await deps.siteData.changed();
      const after = presentCompany(row, before.domains);
      await staff.audit(actor, {
        action: 'company.update',
        targetType: 'company',
        targetId: body.id,
        details: { changed: changes(presentCompany(before.company, before.domains), after) },
      });
      return after;
    },
  };
}
