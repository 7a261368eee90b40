import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompanyInfoQuerySchema,
  CompanyInfoResponseSchema,
  InterestsResponseSchema,
  RegionsResponseSchema,
} from '@app/shared';
import { sendCacheable } from '../../plugins/http-cache.js';
import type { ReferenceService } from './reference.service.js';

/** Shared caches may keep these for an hour; the ETag makes revalidation cheap. */
const CACHE_CONTROL = 'public, max-age=3600';

const NotModified = z.null().describe('Not modified: the client holds this version (If-None-Match)');

/** GET /api/companyinfo.php, /api/interests.php, /api/regions.php (spec section 7). */
export const referenceRoutes: FastifyPluginAsyncZod<{ reference: ReferenceService }> = async (app, { reference }) => {
  app.get(
    '/api/companyinfo.php',
    {
      schema: {
        tags: ['reference'],
        summary: 'The company behind the requesting domain',
        querystring: CompanyInfoQuerySchema,
        response: { 200: CompanyInfoResponseSchema, 304: NotModified },
      },
    },
    async (request, reply) => {
      const entry = await reference.companyInfo({ host: request.host, forcedDomain: request.query.forced_domain });
      // The answer depends on the host; shared caches key on it anyway, but say so.
      reply.header('vary', 'host');
      return sendCacheable(request, reply, entry, CACHE_CONTROL);
    },
  );

  app.get(
    '/api/interests.php',
    {
      schema: {
        tags: ['reference'],
        summary: 'Every interest with its icon name',
        response: { 200: InterestsResponseSchema, 304: NotModified },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await reference.interests(), CACHE_CONTROL),
  );

  app.get(
    '/api/regions.php',
    {
      schema: {
        tags: ['reference'],
        summary: 'Regions per served country, with what the country calls them',
        response: { 200: RegionsResponseSchema, 304: NotModified },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await reference.regions(), CACHE_CONTROL),
  );
};
