import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageTextQuerySchema, PageTextResponseSchema } from '@app/shared';
import type { PagesService } from './pages.service.js';

/** Brief, so an operator's edit shows within a minute while visits still share the answer. */
const CACHE_CONTROL = 'public, max-age=60';

/** GET /api/page-text.php. Contract: @app/shared schemas/admin-pages.ts. */
export const pagesRoutes: FastifyPluginAsyncZod<{ pages: PagesService }> = async (app, { pages }) => {
  app.get(
    '/api/page-text.php',
    {
      schema: {
        tags: ['reference'],
        summary: "The site's own text of a content page in a language, or null for the catalogue's",
        querystring: PageTextQuerySchema,
        response: { 200: PageTextResponseSchema },
      },
    },
    async (request, reply) => {
      const { page, locale, forced_domain } = request.query;
      const content = await pages.pageTextFor({ host: request.host, forcedDomain: forced_domain }, locale, page);
      // The answer depends on the host; shared caches key on it anyway, but say so.
      reply.header('cache-control', CACHE_CONTROL).header('vary', 'host');
      return { content };
    },
  );
};
