import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SettingsQuerySchema, SettingsResponseSchema } from '@app/shared';
import { sendCacheable } from '../../plugins/http-cache.js';
import { pageLocale } from '../../plugins/i18n.js';
import type { SettingsService } from './settings.service.js';

/** GET /api/settings.php (spec section 7): the settings of the requesting domain. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get(
    '/api/settings.php',
    {
      schema: {
        tags: ['settings'],
        summary:
          'Site settings of the domain named by forced_domain, else by the Host header, else the default; texts in the locale parameter’s language, else the page’s',
        querystring: SettingsQuerySchema,
        response: {
          200: SettingsResponseSchema,
          304: z.null().describe('Not modified: the client holds this version (If-None-Match)'),
        },
      },
    },
    async (request, reply) => {
      const { locale } = request.query;
      const entry = await settings.siteSettingsAnswer({
        host: request.host,
        forcedDomain: request.query.forced_domain,
        ip: request.ip,
        // The texts are in the page's language unless the app names the one it switched to.
        locale: (domainLanguage) => locale ?? pageLocale(request, domainLanguage),
      });
      // Without a locale parameter the texts follow the locale cookie, so a cached answer must too.
      if (!locale) reply.header('vary', 'cookie');
      // Private: geoip_country differs per visitor.
      return sendCacheable(request, reply, entry, 'private, max-age=60');
    },
  );
};
