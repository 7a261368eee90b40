import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { StoredSettings } from '@app/shared';
import type { SettingsService } from '../modules/settings/settings.service.js';

/**
 * The site a request runs on: its settings row's settings and domain (a host without a row of
 * its own runs on the default site under its own name), and the origin of the links answered
 * or mailed for it.
 */
export interface RequestSite {
  domain: string;
  settings: StoredSettings;
  /** `https://example.com`, no trailing slash; a forged Host never makes one (settings' requestOrigin). */
  origin: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's site, resolved once per request by whichever route or hook asks first. */
    site(): Promise<RequestSite>;
  }
}

export interface SitePluginOptions {
  settings: Pick<SettingsService, 'resolveSite' | 'requestOrigin'>;
}

/** The one place a request's Host becomes a site: every route asks `request.site()`. */
export const sitePlugin = fp<SitePluginOptions>(
  async (app, { settings }) => {
    const resolved = new WeakMap<FastifyRequest, Promise<RequestSite>>();

    async function resolve(request: FastifyRequest): Promise<RequestSite> {
      const [{ site, domain }, origin] = await Promise.all([
        settings.resolveSite({ host: request.host }),
        settings.requestOrigin(request),
      ]);
      return { domain, settings: site.settings, origin };
    }

    app.decorateRequest('site', function (this: FastifyRequest) {
      let site = resolved.get(this);
      if (!site) {
        site = resolve(this);
        resolved.set(this, site);
      }
      return site;
    });
  },
  { name: 'site' },
);
