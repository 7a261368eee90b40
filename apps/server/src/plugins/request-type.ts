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
    // A callback, not a promise: every request passes it.
    app.addHook('onRequest', (request, _reply, done) => {
      const config = request.routeOptions.config;
      const required =
        request.url.startsWith('/api/') &&
        (STATE_CHANGING.has(request.method) ? !config?.requestTypeExempt : config?.requestTypeRequired);
      done(required && request.headers[REQUEST_TYPE_HEADER] !== REQUEST_TYPE_VALUE ? requestTypeRequired() : undefined);
    });
  },
  { name: 'request-type' },
);
