import { z } from 'zod';

/**
 * The operations endpoints on the main port, for load balancers and orchestrators (outside
 * /api, the rate limit and the OpenAPI document). GET /healthz: the process is alive.
 */
export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** What /readyz checks: the database, Redis when configured, the media storage. */
export const READINESS_CHECKS = ['database', 'redis', 'storage'] as const;
export type ReadinessCheckName = (typeof READINESS_CHECKS)[number];

/**
 * GET /readyz: 200 with every check 'ok' when this process can serve; 503 with the failed
 * checks named otherwise. A check that is not configured (Redis) is left out.
 */
export const ReadyResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.partialRecord(z.enum(READINESS_CHECKS), z.enum(['ok', 'failed'])),
});
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;
