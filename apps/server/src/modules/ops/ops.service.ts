import type { FastifyBaseLogger } from 'fastify';
import type { ReadinessCheckName, ReadyResponse } from '@app/shared';

/** How long one readiness check may take: a probe waiting longer has given up already. */
export const READINESS_TIMEOUT_MS = 2_000;

/** One dependency the process needs to serve: resolves when it answers. */
export type ReadinessCheck = () => Promise<unknown>;

export type ReadinessService = ReturnType<typeof createReadinessService>;

function withTimeout(check: ReadinessCheck, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * Readiness of this process: every check runs at once, each within READINESS_TIMEOUT_MS. A
 * failure is logged when the set of failed checks changes, not on every probe, since load
 * balancers ask every few seconds.
 */
export function createReadinessService(deps: {
  checks: Partial<Record<ReadinessCheckName, ReadinessCheck>>;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}) {
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;
  let lastFailed = '';

  return {
    async check(): Promise<ReadyResponse> {
      const entries = Object.entries(deps.checks) as Array<[ReadinessCheckName, ReadinessCheck]>;
      const results = await Promise.allSettled(entries.map(([, check]) => withTimeout(check, timeoutMs)));
      const checks: ReadyResponse['checks'] = {};
      const failures: Record<string, string> = {};
      entries.forEach(([name], i) => {
        const result = results[i]!;
        checks[name] = result.status === 'fulfilled' ? 'ok' : 'failed';
        if (result.status === 'rejected') {
          failures[name] = result.reason instanceof Error ? result.reason.message : String(result.reason);
        }
      });
      const failed = Object.keys(failures).join(',');
      if (failed !== lastFailed) {
        if (failed) deps.log.error({ failures }, `not ready: ${failed} failed`);
        else deps.log.info('ready again: every check answers');
        lastFailed = failed;
      }
      return { status: failed ? 'unavailable' : 'ok', checks };
    },
  };
}
