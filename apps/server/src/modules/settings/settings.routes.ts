import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SettingsQuerySchema, SettingsResponseSchema } from '@app/shared';
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
        response: { 200: SettingsResponseSchema },
      },
    },
    async (request, reply) => {
      // Private: geoip_country differs per visitor.
      reply.header('cache-control', 'private, max-age=60');
      return settings.siteSettings({ host: request.host, forcedDomain: request.query.forced_domain, ip: request.ip });
    },
  );
};
