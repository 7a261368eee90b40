import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BundlesResponseSchema,
  CreateOrderBodySchema,
  CreateOrderResponseSchema,
  OkResponseSchema,
  OrderQuerySchema,
  OrderResponseSchema,
  RepeatOrderBodySchema,
  TransactionsResponseSchema,
  text,
} from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { PaymentsService, RequestOrigin } from './payments.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface PaymentsRoutesOptions {
  payments: PaymentsService;
}

/** What a provider's webhook names: its payment id (Mollie posts `id=tr_...` as a form). */
const WebhookBodySchema = z.object({ id: text().trim().min(1).max(200) });

/** Providers post their callbacks as forms; the body is small. */
const FORM_BODY_LIMIT = 4096;

/** Bundles, orders, repeat orders, transactions and the providers' webhook. The contract is in @app/shared schemas/payments.ts. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, opts) => {
  const { payments } = opts;

  /** The request's site host and the origin return and webhook URLs use (never a forged Host's). */
  async function originOf(request: FastifyRequest): Promise<RequestOrigin> {
    return { host: request.host, origin: (await request.site()).origin };
  }

  // Scoped to this plugin: the webhook accepts the form bodies providers send.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/api/bundles.php',
    {
      schema: {
        tags: ['payments'],
        summary:
          "The credit bundles priced in the viewer's currency, the payment methods offered and the terms version",
        response: { 200: BundlesResponseSchema },
      },
    },
    async (request, reply) => {
      // Private: the currency and methods follow the member's country or the visitor's address.
      reply.header('cache-control', 'private, no-cache');
      return payments.bundles({ memberId: request.member?.id ?? null, host: request.host, ip: request.ip });
    },
  );

  app.post(
    '/api/order.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['payments'],
        summary: 'Places an order of a bundle (terms accepted, an optional discount code) and answers where to pay it',
        body: CreateOrderBodySchema,
        response: { 200: CreateOrderResponseSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => payments.placeOrder(memberId(request), request.body, await originOf(request)),
  );

  app.get(
    '/api/order.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['payments'],
        summary: "One of the member's orders; the status page polls it while pending",
        querystring: OrderQuerySchema,
        response: { 200: OrderResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return payments.order(memberId(request), request.query.id);
    },
  );

  app.post(
    '/api/repeat-order.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['payments'],
        summary:
          "Buys the last completed order's bundle again with its method, charging a stored mandate when there is one",
        body: RepeatOrderBodySchema,
        response: { 200: CreateOrderResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => payments.repeatOrder(memberId(request), request.body, await originOf(request)),
  );

  app.get(
    '/api/transactions.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['payments'],
        summary: "The member's orders and credit movements, newest first",
        response: { 200: TransactionsResponseSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return payments.transactions(memberId(request));
    },
  );

  app.post(
    '/api/payment-webhook.php',
    {
      // The provider's servers cannot mark their calls; the body is only a hint (see settlePayment).
      config: { requestTypeExempt: true },
      schema: {
        tags: ['payments'],
        summary: "The payment provider's callback: settles the order of the payment named, as the provider reports it",
        body: WebhookBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await payments.settlePayment(request.body.id);
      return { ok: true as const };
    },
  );
};
