import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, UserLanguageBodySchema, UserResponseSchema } from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { AccountsService } from './accounts.service.js';

/** GET and PUT /api/user.php (spec section 7). */
export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  app.get(
    '/api/user.php',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The logged-in member, or null for a visitor',
        response: { 200: UserResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: await accounts.currentUser(request.member?.id ?? null) };
    },
  );

  app.put(
    '/api/user.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['accounts'],
        summary: "Saves the member's language",
        body: UserLanguageBodySchema,
        response: { 200: UserResponseSchema, 400: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request) => ({ user: await accounts.changeLanguage(memberId(request), request.body.language) }),
  );
};
