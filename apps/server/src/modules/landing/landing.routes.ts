import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, LanderQuerySchema, LanderResponseSchema } from '@app/shared';
import type { LandingService } from './landing.service.js';

export interface LandingRoutesOptions {
  landing: LandingService;
  countryForIp: (ip: string) => string | null;
}

/** The landing pages' members. The contract is documented in @app/shared schemas/landing.ts. */
export const landingRoutes: FastifyPluginAsyncZod<LandingRoutesOptions> = async (app, opts) => {
  const { landing, countryForIp } = opts;

  app.get(
    '/api/lander.php',
    {
      schema: {
        tags: ['landing'],
        summary: "A niche's members with photos and its counts for the landing pages, and one member's card",
        querystring: LanderQuerySchema,
        response: { 200: LanderResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      // The same for every visitor of a site and country; shared caches may keep it briefly.
      reply.header('cache-control', 'public, max-age=60');
      reply.header('vary', 'Host');
      return landing.lander(await request.site(), request.query, countryForIp(request.ip));
    },
  );
};
