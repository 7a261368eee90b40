import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { matchRoute, type HealthResponse } from '@app/shared';
import { bearerMatches, type Metrics } from '../../platform/metrics/index.js';
import type { ReadinessService } from './ops.service.js';

export interface OpsPluginOptions {
  readiness: ReadinessService;
  /** The app's metrics; null when neither METRICS_PORT nor METRICS_TOKEN is set. */
  metrics: Metrics | null;
  /** METRICS_TOKEN: GET /metrics on this port with this bearer token; null serves none here. */
  metricsToken: string | null;
}

/**
 * The route label of a request: its route pattern, never the raw URL (ids and tokens would
 * make a series per member and leak into the metrics). The app's pages are answered by the
 * not-found handler, so they are named by the shared route table's pattern.
 */
export function routeLabel(request: FastifyRequest, statusCode: number): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  if (statusCode >= 400) return 'unmatched';
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname.startsWith('/api/')) return 'unmatched';
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return '/admin/*';
  return matchRoute(pathname)?.route.path ?? 'unmatched';
}

/**
 * Probes answer quickly and quietly: outside the rate limit and the OpenAPI document, no
 * per-request log lines (a probe every few seconds would bury the log), never cached.
 */
const PROBE = { logLevel: 'silent', config: { rateLimit: false }, schema: { hide: true } } as const;

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

/**
 * GET /healthz (alive), GET /readyz (database, Redis when configured, storage; 503 naming the
 * failed checks), GET /metrics behind METRICS_TOKEN, the request-duration histogram, and
 * connections that close after their answer once a shutdown began. While the app closes,
 * Fastify itself answers every new request 503 (return503OnClosing), so a load balancer's
 * /readyz fails from the first moment of a shutdown.
 */
export const opsPlugin = fp<OpsPluginOptions>(
  async (app, { readiness, metrics, metricsToken }) => {
    // Node's server.close() closes the keep-alive connections that are idle at that moment
    // only: a connection whose request is in flight would answer "keep-alive" and then hold
    // the close until its keep-alive timeout (72 s), past the shutdown's grace. So from the
    // start of a shutdown every answer closes its connection.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // Every request passes these hooks: callbacks, not promises.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      // An answer whose headers went out before the shutdown began still said keep-alive. An
      // injected request (tests) has a stand-in socket without end().
      const { socket } = request.raw;
      if (closing && typeof socket.end === 'function') socket.end();
      done();
    });

    if (metrics) {
      app.addHook('onResponse', (request, reply, done) => {
        const route = routeLabel(request, reply.statusCode);
        metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
        done();
      });
    }

    app.get('/healthz', PROBE, async (_request, reply) => {
      noStore(reply);
      return { status: 'ok' } satisfies HealthResponse;
    });

    app.get('/readyz', PROBE, async (_request, reply) => {
      const result = await readiness.check();
      return noStore(reply)
        .code(result.status === 'ok' ? 200 : 503)
        .send(result);
    });

    if (metrics && metricsToken) {
      app.get('/metrics', PROBE, async (request, reply) => {
        // Without the token the endpoint does not exist, as far as the caller can tell.
        if (!bearerMatches(request.headers.authorization, metricsToken)) return reply.callNotFound();
        const text = await metrics.registry.metrics();
        return noStore(reply).type(metrics.registry.contentType).send(text);
      });
    }
  },
  { name: 'ops' },
);
