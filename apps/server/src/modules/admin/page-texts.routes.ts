import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPageTextBodySchema,
  AdminPageTextKeySchema,
  AdminPageTextQuerySchema,
  AdminPageTextResponseSchema,
} from '@app/shared';
import type { PageTextsService } from './page-texts.service.js';
import { actor, staffGuard } from './staff.auth.js';
import type { StaffService } from './staff.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface PageTextsRoutesOptions {
  pageTexts: PageTextsService;
  staff: StaffService;
}

/** The console's content-page texts. Contract: @app/shared schemas/admin-pages.ts. */
export const pageTextsRoutes: FastifyPluginAsyncZod<PageTextsRoutesOptions> = async (app, { pageTexts, staff }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const guard = staffGuard(staff, 'settings');

  app.get(
    '/api/admin/page-texts.php',
    {
      onRequest: guard,
      schema: {
        tags: ['admin'],
        summary: "A content page's catalogue text, the domain's own text and the placeholders it may use",
        querystring: AdminPageTextQuerySchema,
        response: { 200: AdminPageTextResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => pageTexts.view(request.query),
  );

  app.put(
    '/api/admin/page-texts.php',
    {
      onRequest: guard,
      schema: {
        tags: ['admin'],
        summary: "Stores a domain's own text of a content page in a language",
        body: AdminPageTextBodySchema,
        response: { 200: AdminPageTextResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => pageTexts.save(actor(request), request.body),
  );

  app.post(
    '/api/admin/page-text-reset.php',
    {
      onRequest: guard,
      schema: {
        tags: ['admin'],
        summary: "Removes a domain's own text of a content page: the catalogue's shows again",
        body: AdminPageTextKeySchema,
        response: { 200: AdminPageTextResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => pageTexts.reset(actor(request), request.body),
  );
};
