import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_PATH, LiveQuerySchema } from '@app/shared';
import { AppError } from '../../errors.js';
import { requireMember, sessionMember } from '../../plugins/session.js';
import { CLOSE_INTERNAL_ERROR, CLOSE_SESSION_ENDED, type LiveHub } from './live.hub.js';
import type { LiveService } from './live.service.js';

export interface LiveRoutesOptions {
  hub: LiveHub;
  live: LiveService;
}

/** 403 for a handshake from another site's page: the cross-site defence of the live channel. */
const foreignOrigin = () => new AppError(403, 'origin_not_allowed');

/** Whether the Origin header names this request's own host (any scheme). */
export function isOwnOrigin(origin: string | undefined, host: string): boolean {
  if (!origin) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Browsers send cookies with cross-site WebSocket handshakes and the same-origin policy does
 * not apply to them, so the Origin header is what keeps another site's page from opening a
 * member's live channel.
 */
async function requireOwnOrigin(request: FastifyRequest): Promise<void> {
  if (!isOwnOrigin(request.headers.origin, request.host)) throw foreignOrigin();
}

/**
 * GET /api/live: the live channel (contract in @app/shared schemas/live.ts). Refusals (no
 * session, foreign Origin, a bad `after`) answer before the upgrade, as ordinary API errors.
 */
export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, opts) => {
  const { hub, live } = opts;

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      onRequest: [requireMember, requireOwnOrigin],
      schema: { querystring: LiveQuerySchema },
    },
    async (socket, request) => {
      const { id, sessionId } = sessionMember(request);
      const tab = hub.join(id, sessionId, socket);
      try {
        // The session may have ended after the handshake read it and before the tab joined,
        // when the hub could not close the tab yet: it is read again now that the tab is in.
        if (!(await live.sessionActive(sessionId))) return socket.close(CLOSE_SESSION_ENDED, 'session ended');
        const { settings } = await request.site();
        tab.open(await live.firstEvents(id, request.query.after, settings.cdn_prefix));
      } catch (err) {
        request.log.error({ err, memberId: id }, 'live channel catch-up failed');
        socket.close(CLOSE_INTERNAL_ERROR);
      }
    },
  );
};
