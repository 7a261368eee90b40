import { timingSafeEqual, createHash } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobOutcome } from '../jobs/runner.js';

/** What a database pool reports, when the database has one (PostgreSQL; PGlite has none). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Where the gauges read their values when Prometheus scrapes. */
export interface MetricsSources {
  /** Open live-channel sockets of this process. */
  liveSockets: () => number;
  /** The database pool's use, or null when there is no pool. */
  databasePool: () => PoolStats | null;
}

/**
 * The Prometheus metrics of one app instance, in a registry of its own (never prom-client's
 * global one), so the many apps a test process builds never collide.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One answered HTTP request: `route` is the route pattern, never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** One bus event received by this process, `lagMs` after it was published. */
  observeBusLag(channel: string, lagMs: number): void;
  /** One scheduled job run this process claimed and finished. */
  countJobRun(job: string, outcome: JobOutcome): void;
}

/** Request durations in seconds: from a cached JSON answer to a slow image upload. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Bus lag in seconds: in-process a millisecond, over Redis a few; beyond a second something is wrong. */
const LAG_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** '2xx' for 204: a class keeps the series few whatever statuses the routes answer. */
function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const busLag = new Histogram({
    name: 'bus_delivery_lag_seconds',
    help: 'Time from publishing a bus event to its delivery in this process (clocks of two machines differ)',
    labelNames: ['channel'] as const,
    buckets: LAG_BUCKETS,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Scheduled job runs this process claimed and finished, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'live_sockets',
    help: 'Open live-channel WebSockets in this process',
    registers: [registry],
    collect() {
      this.set(sources.liveSockets());
    },
  });
  const pools = [
    ['db_pool_connections_total', 'Connections the database pool holds', 'total'],
    ['db_pool_connections_idle', 'Idle connections of the database pool', 'idle'],
    ['db_pool_waiting_queries', 'Queries waiting for a connection of the database pool', 'waiting'],
  ] as const;
  if (sources.databasePool() !== null) {
    for (const [name, help, field] of pools) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(sources.databasePool()?.[field] ?? 0);
        },
      });
    }
  }

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      requests.observe({ method, route, status: statusClass(statusCode) }, seconds);
    },
    observeBusLag(channel, lagMs) {
      busLag.observe({ channel }, lagMs / 1000);
    },
    countJobRun(job, outcome) {
      jobRuns.inc({ job, outcome });
    },
  };
}

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the header's length or content.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
