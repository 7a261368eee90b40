import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlockBodySchema,
  BlockResponseSchema,
  BlocksResponseSchema,
  ErrorResponseSchema,
  MemberQuerySchema,
  MemberResponseSchema,
} from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { MembersService, ViewSite } from './members.service.js';

export interface MembersRoutesOptions {
  members: MembersService;
  settings: Pick<SettingsService, 'resolveSite'>;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorResponseSchema]));

/**
 * Another member's profile, blocking and the blocked list. The contract is documented in
 * @app/shared schemas/members.ts.
 */
export const membersRoutes: FastifyPluginAsyncZod<MembersRoutesOptions> = async (app, opts) => {
  const { members, settings } = opts;

  /** The settings of the site the request is served by (Host header). */
  async function siteOf(request: FastifyRequest): Promise<ViewSite> {
    return (await settings.resolveSite({ host: request.host })).site.settings;
  }

  app.get(
    '/api/member.php',
    {
      schema: {
        tags: ['members'],
        summary: "Another member's profile as the viewer may see it, with related profiles",
        querystring: MemberQuerySchema,
        response: { 200: MemberResponseSchema, ...errors(400, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { id, ...tracking } = request.query;
      const viewerId = request.member?.id ?? null;
      return { member: await members.viewMember(viewerId, id, await siteOf(request), tracking) };
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
        response: { 200: BlockResponseSchema, ...errors(400, 403, 404) },
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
        response: { 200: BlockResponseSchema, ...errors(400, 403) },
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
        response: { 200: BlocksResponseSchema, ...errors(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { members: await members.listBlocks(memberId(request), await siteOf(request)) };
    },
  );
};
