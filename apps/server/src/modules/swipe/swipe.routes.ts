import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SwipeBodySchema, SwipeCardsResponseSchema, SwipeResponseSchema } from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { SwipeService } from './swipe.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface SwipeRoutesOptions {
  swipe: SwipeService;
}

/** The swipe game. The contract is documented in @app/shared schemas/likes.ts. */
export const swipeRoutes: FastifyPluginAsyncZod<SwipeRoutesOptions> = async (app, opts) => {
  const { swipe } = opts;

  app.get(
    '/api/swipe.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['likes'],
        summary: "Cards for the swipe game and the member's likes left today",
        response: { 200: SwipeCardsResponseSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return swipe.cards(memberId(request), (await request.site()).settings);
    },
  );

  app.post(
    '/api/swipe.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['likes'],
        summary: 'Likes or passes a card in the swipe game; likes are limited per day',
        body: SwipeBodySchema,
        response: { 200: SwipeResponseSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => swipe.decide(memberId(request), request.body.id, request.body.action),
  );
};
