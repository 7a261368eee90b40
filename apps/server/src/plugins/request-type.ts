import fp from 'fastify-plugin';
import { REQUEST_TYPE_HEADER, REQUEST_TYPE_VALUE } from '@app/shared';
import { requestTypeRequired } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Let a state-changing call through without the request-type header. Only for calls a
     * browser cannot mark, such as navigator.sendBeacon, and that change nothing but a log.
     */
    requestTypeExempt?: boolean;
    /**
     * Require the header on a GET too: one that changes state because the spec makes it a GET
     * (logout), so a cross-site link or image cannot call it.
     */
    requestTypeRequired?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Requires `X-Requested-With: XMLHttpRequest` on every state-changing API call. A cross-site
 * form or image cannot set that header and setting it from script forces a CORS preflight we
 * never grant, so together with SameSite cookies this stops cross-site request forgery.
 */
export const requestTypePlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const config = request.routeOptions.config;
      const required = STATE_CHANGING.has(request.method) ? !config?.requestTypeExempt : config?.requestTypeRequired;
      if (!required) return;
      if (request.headers[REQUEST_TYPE_HEADER] !== REQUEST_TYPE_VALUE) throw requestTypeRequired();
    });
  },
  { name: 'request-type' },
);
