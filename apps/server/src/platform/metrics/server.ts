import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServer {
  /** The port it listens on (the configured one, or the one picked for port 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * The internal metrics port (METRICS_PORT): GET /metrics and nothing else, without a token,
 * for a Prometheus inside the private network. A plain node:http server, outside the app, so a
 * scrape never meets the app's hooks, rate limits or logs.
 */
export async function startMetricsServer(opts: {
  host: string;
  port: number;
  registry: Registry;
}): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    opts.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': opts.registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
