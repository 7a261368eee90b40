import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OkResponseSchema,
  type OkResponse,
  PushQuerySchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from '@app/shared';
import { memberId, requireMember, sessionMember } from '../../plugins/session.js';
import { RequestValidationError } from '../../plugins/validation.js';
import type { PushService } from './push.service.js';
import { errorResponses } from '../../plugins/errors.js';

/** Whether a call to /api/user.php is the push variant (`?push=1`). */
function isPushCall(request: FastifyRequest): boolean {
  return PushQuerySchema.safeParse(request.query).success;
}

/**
 * POST /api/user.php?push=1 shares its path and method with the login, so it cannot be a route
 * of its own: the login route runs this as its preValidation hook, which answers push calls
 * before the login's body schema is applied and lets every other call through.
 */
export function pushSubscribeHook(push: PushService) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!isPushCall(request)) return;
    await requireMember(request);
    const parsed = PushSubscriptionBodySchema.safeParse(request.body, { reportInput: true });
    if (!parsed.success) {
      const error = new RequestValidationError(parsed.error.issues);
      error.validationContext = 'body';
      throw error;
    }
    const { id, sessionId } = sessionMember(request);
    await push.subscribe({ memberId: id, sessionId }, parsed.data);
    // Sent as text: the route's serializer is the login's response schema.
    const ok: OkResponse = { ok: true };
    await reply.header('cache-control', 'no-store').type('application/json').send(JSON.stringify(ok));
  };
}

/** DELETE /api/user.php?push=1: the device's subscription ends (notifications switched off). */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.delete(
    '/api/user.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['accounts'],
        summary: "Removes this device's push subscription (?push=1)",
        querystring: PushQuerySchema,
        body: PushUnsubscribeBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      await push.unsubscribe(memberId(request), request.body.endpoint);
      return { ok: true as const };
    },
  );
};
