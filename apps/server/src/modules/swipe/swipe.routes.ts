import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, SwipeBodySchema, SwipeCardsResponseSchema, SwipeResponseSchema } from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { LikesSite } from '../likes/likes.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { SwipeService } from './swipe.service.js';

export interface SwipeRoutesOptions {
  swipe: SwipeService;
  settings: Pick<SettingsService, 'resolveSite'>;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorResponseSchema]));

/** The swipe game. The contract is documented in @app/shared schemas/likes.ts. */
export const swipeRoutes: FastifyPluginAsyncZod<SwipeRoutesOptions> = async (app, opts) => {
  const { swipe, settings } = opts;

  async function siteOf(request: FastifyRequest): Promise<LikesSite> {
    return (await settings.resolveSite({ host: request.host })).site.settings;
  }

  app.get(
    '/api/swipe.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['likes'],
        summary: "Cards for the swipe game and the member's likes left today",
        response: { 200: SwipeCardsResponseSchema, ...errors(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return swipe.cards(memberId(request), await siteOf(request));
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
        response: { 200: SwipeResponseSchema, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => swipe.decide(memberId(request), request.body.id, request.body.action),
  );
};
