import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DirectDebitBodySchema,
  DirectDebitConfirmBodySchema,
  DirectDebitResponseSchema,
  OrderResponseSchema,
} from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { DirectDebitService } from './directdebit.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface DirectDebitRoutesOptions {
  directDebit: DirectDebitService;
}

/** Every form sent texts a code, and texts cost money: a member may send it this often. */
export const DIRECT_DEBIT_START_LIMIT = { max: 6, timeWindow: 10 * 60_000 };

/** The direct-debit form and its SMS code. The contract is documented in @app/shared schemas/payments.ts. */
export const directDebitRoutes: FastifyPluginAsyncZod<DirectDebitRoutesOptions> = async (app, opts) => {
  const { directDebit } = opts;

  app.post(
    '/api/directdebit.php',
    {
      onRequest: requireMember,
      config: {
        rateLimit: {
          ...DIRECT_DEBIT_START_LIMIT,
          keyGenerator: (request) => `member:${request.member?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['payments'],
        summary: 'Places a direct-debit order from the SEPA form and texts its confirmation code',
        body: DirectDebitBodySchema,
        response: { 200: DirectDebitResponseSchema, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request) => directDebit.start(memberId(request), request.body, request.host),
  );

  app.post(
    '/api/directdebit-confirm.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['payments'],
        summary: 'Completes a direct-debit order with the code sent by SMS',
        body: DirectDebitConfirmBodySchema,
        response: { 200: OrderResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => directDebit.confirm(memberId(request), request.body),
  );
};
