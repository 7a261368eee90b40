import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DiscountCodeQuerySchema, DiscountCodeResponseSchema } from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { DiscountsService } from './discounts.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface DiscountsRoutesOptions {
  discounts: DiscountsService;
}

/** Discount codes and the welcome discount. The contract is documented in @app/shared schemas/payments.ts. */
export const discountsRoutes: FastifyPluginAsyncZod<DiscountsRoutesOptions> = async (app, opts) => {
  const { discounts } = opts;

  app.get(
    '/api/discountcode.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['payments'],
        summary: 'Checks a discount code for the member, or with welcome=true gives the running time bonus',
        querystring: DiscountCodeQuerySchema,
        response: { 200: DiscountCodeResponseSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return discounts.check(memberId(request), request.query);
    },
  );
};
