import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBundleBodySchema,
  AdminBundleResponseSchema,
  AdminBundlesResponseSchema,
  AdminBundleUpdateBodySchema,
  AdminCompaniesResponseSchema,
  AdminCompanyBodySchema,
  AdminCompanyResponseSchema,
  AdminDiscountCodeBodySchema,
  AdminDiscountCodeExpireBodySchema,
  AdminDiscountCodeListQuerySchema,
  AdminDiscountCodeListResponseSchema,
  AdminDiscountCodeResponseSchema,
  AdminGiftBodySchema,
  AdminGiftResponseSchema,
  AdminGiftsResponseSchema,
  AdminOrderListQuerySchema,
  AdminOrderListResponseSchema,
  AdminOrderQuerySchema,
  AdminOrderRefundBodySchema,
  AdminOrderRefundResponseSchema,
  AdminOrderResponseSchema,
} from '@app/shared';
import type { CommerceService } from './commerce.service.js';
import { actor, staffGuard } from './staff.auth.js';
import type { StaffService } from './staff.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface CommerceRoutesOptions {
  commerce: CommerceService;
  staff: StaffService;
}

/** The console's orders, refunds and shop settings. Contract: @app/shared schemas/admin-commerce.ts. */
export const commerceRoutes: FastifyPluginAsyncZod<CommerceRoutesOptions> = async (app, { commerce, staff }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/orders.php',
    {
      onRequest: staffGuard(staff, 'orders'),
      schema: {
        tags: ['admin'],
        summary: 'Orders, newest first, by status, provider or member',
        querystring: AdminOrderListQuerySchema,
        response: { 200: AdminOrderListResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => commerce.orders(request.query),
  );

  app.get(
    '/api/admin/order.php',
    {
      onRequest: staffGuard(staff, 'orders'),
      schema: {
        tags: ['admin'],
        summary: "An order with the payment provider's live status",
        querystring: AdminOrderQuerySchema,
        response: { 200: AdminOrderResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ order: await commerce.orderDetail(request.query.id) }),
  );

  app.post(
    '/api/admin/order-refund.php',
    {
      onRequest: staffGuard(staff, 'orders'),
      schema: {
        tags: ['admin'],
        summary: "Refunds a completed order through its provider, once, and takes the order's credits back",
        body: AdminOrderRefundBodySchema,
        response: { 200: AdminOrderRefundResponseSchema, ...errorResponses(400, 403, 404, 409, 502) },
      },
    },
    async (request) => commerce.refundOrder(actor(request), request.body.order_id, request.body.reason),
  );

  app.get(
    '/api/admin/bundles.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: 'Every credit bundle with its prices per currency',
        response: { 200: AdminBundlesResponseSchema, ...errorResponses(403) },
      },
    },
    async () => commerce.bundles(),
  );

  app.post(
    '/api/admin/bundle.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: 'Adds a credit bundle',
        body: AdminBundleBodySchema,
        response: { 200: AdminBundleResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ bundle: await commerce.saveBundle(actor(request), null, request.body) }),
  );

  app.put(
    '/api/admin/bundle.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: 'Replaces a credit bundle and its prices',
        body: AdminBundleUpdateBodySchema,
        response: { 200: AdminBundleResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { id, ...body } = request.body;
      return { bundle: await commerce.saveBundle(actor(request), id, body) };
    },
  );

  app.get(
    '/api/admin/gifts.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: 'Every gift, active or withdrawn',
        response: { 200: AdminGiftsResponseSchema, ...errorResponses(403) },
      },
    },
    async () => commerce.gifts(),
  );

  app.post(
    '/api/admin/gift.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: 'Adds a gift',
        body: AdminGiftBodySchema,
        response: { 200: AdminGiftResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ gift: await commerce.createGift(actor(request), request.body) }),
  );

  app.put(
    '/api/admin/gift.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: 'Changes a gift (named by its key)',
        body: AdminGiftBodySchema,
        response: { 200: AdminGiftResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ gift: await commerce.updateGift(actor(request), request.body) }),
  );

  app.get(
    '/api/admin/discount-codes.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: 'Discount codes, newest first, with their uses',
        querystring: AdminDiscountCodeListQuerySchema,
        response: { 200: AdminDiscountCodeListResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => commerce.discountCodes(request.query),
  );

  app.post(
    '/api/admin/discount-code.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: 'Adds an operator discount code',
        body: AdminDiscountCodeBodySchema,
        response: { 200: AdminDiscountCodeResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ code: await commerce.createDiscountCode(actor(request), request.body) }),
  );

  app.post(
    '/api/admin/discount-code-expire.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: 'Ends a discount code now',
        body: AdminDiscountCodeExpireBodySchema,
        response: { 200: AdminDiscountCodeResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ code: await commerce.expireDiscountCode(actor(request), request.body.id) }),
  );

  app.get(
    '/api/admin/companies.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: 'The companies behind the domains',
        response: { 200: AdminCompaniesResponseSchema, ...errorResponses(403) },
      },
    },
    async () => commerce.companies(),
  );

  app.put(
    '/api/admin/company.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: "Changes a company's info",
        body: AdminCompanyBodySchema,
        response: { 200: AdminCompanyResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ company: await commerce.updateCompany(actor(request), request.body) }),
  );
};
