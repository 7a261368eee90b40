import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlockBodySchema,
  BlockResponseSchema,
  BlocksResponseSchema,
  MemberQuerySchema,
  MemberResponseSchema,
} from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { MembersService } from './members.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface MembersRoutesOptions {
  members: MembersService;
}

/**
 * Another member's profile, blocking and the blocked list. The contract is documented in
 * @app/shared schemas/members.ts.
 */
export const membersRoutes: FastifyPluginAsyncZod<MembersRoutesOptions> = async (app, opts) => {
  const { members } = opts;

  /** The settings of the site the request is served by (Host header). */
  app.get(
    '/api/member.php',
    {
      schema: {
        tags: ['members'],
        summary: "Another member's profile as the viewer may see it, with related profiles",
        querystring: MemberQuerySchema,
        response: { 200: MemberResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { id, ...tracking } = request.query;
      const viewerId = request.member?.id ?? null;
      return { member: await members.viewMember(viewerId, id, (await request.site()).settings, tracking) };
    },
  );

  app.post(
    '/api/block.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['members'],
        summary: 'Blocks a member: they can no longer see or contact the blocker',
        body: BlockBodySchema,
        response: { 200: BlockResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await members.block(memberId(request), request.body.id);
      return { blocked: true };
    },
  );

  app.delete(
    '/api/block.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['members'],
        summary: 'Unblocks a member',
        body: BlockBodySchema,
        response: { 200: BlockResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      await members.unblock(memberId(request), request.body.id);
      return { blocked: false };
    },
  );

  app.get(
    '/api/blocks.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['members'],
        summary: 'The members the viewer blocked, newest first',
        response: { 200: BlocksResponseSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { members: await members.listBlocks(memberId(request), (await request.site()).settings) };
    },
  );
};
