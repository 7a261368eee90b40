import type { FastifyBaseLogger } from 'fastify';
import type { PageHiddenBody } from '@app/shared';

/**
 * Records that a page became hidden (spec section 4: page-bounce logging). One structured line;
 * only the path is kept, never the query, which may carry tokens or tracking data.
 */
export function recordPageHidden(log: FastifyBaseLogger, body: PageHiddenBody, memberId: number | null): void {
  const path = body.path ? (body.path.split(/[?#]/)[0] ?? '').slice(0, 512) : null;
  log.info({ event: 'page_hidden', path, bounce: body.bounce ?? false, memberId }, 'page hidden');
}
