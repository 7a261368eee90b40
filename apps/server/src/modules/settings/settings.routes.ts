import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SettingsQuerySchema, SettingsResponseSchema } from '@app/shared';
import { sendCacheable } from '../../plugins/http-cache.js';
import type { SettingsService } from './settings.service.js';

/** GET /api/settings.php (spec section 7): the settings of the requesting domain. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get(
    '/api/settings.php',
    {
      schema: {
        tags: ['settings'],
        summary: 'Site settings of the domain named by forced_domain, else by the Host header, else the default',
        querystring: SettingsQuerySchema,
        response: {
          200: SettingsResponseSchema,
          304: z.null().describe('Not modified: the client holds this version (If-None-Match)'),
        },
      },
    },
    async (request, reply) => {
      const entry = await settings.siteSettingsAnswer({
        host: request.host,
        forcedDomain: request.query.forced_domain,
        ip: request.ip,
      });
      // Private: geoip_country differs per visitor.
      return sendCacheable(request, reply, entry, 'private, max-age=60');
    },
  );
};
