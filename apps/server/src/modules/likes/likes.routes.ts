import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AutoLikeResponseSchema,
  LikeBodySchema,
  LikeResponseSchema,
  LikesQuerySchema,
  LikesResponseSchema,
  OkResponseSchema,
} from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { LikesService } from './likes.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface LikesRoutesOptions {
  likes: LikesService;
}

/** Likes, matches and the auto-like. The contract is documented in @app/shared schemas/likes.ts. */
export const likesRoutes: FastifyPluginAsyncZod<LikesRoutesOptions> = async (app, opts) => {
  const { likes } = opts;

  app.post(
    '/api/like.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['likes'],
        summary: 'Likes a member; answers whether that makes a match',
        body: LikeBodySchema,
        response: { 200: LikeResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => likes.like(memberId(request), request.body.id),
  );

  app.delete(
    '/api/like.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['likes'],
        summary: 'Takes a like back',
        body: LikeBodySchema,
        response: { 200: LikeResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => likes.unlike(memberId(request), request.body.id),
  );

  app.get(
    '/api/likes.php',
    {
      onRequest: requireMember,
      config: { memberAnswer: true },
      schema: {
        tags: ['likes'],
        summary: 'Given and received likes and matches with cards, newest first, and the new-likes count',
        querystring: LikesQuerySchema,
        response: { 200: LikesResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return likes.listLikes(memberId(request), request.query, (await request.site()).settings);
    },
  );

  app.post(
    '/api/likes-seen.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['likes'],
        summary: "Clears the new flag of the like received from a member (opening the liker's profile does too)",
        body: LikeBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      await likes.markSeen(memberId(request), request.body.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auto-like.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['likes'],
        summary: 'A fictional profile likes a member who had a quiet day; at most one a day',
        response: { 200: AutoLikeResponseSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { profile: await likes.autoLike(memberId(request), (await request.site()).settings) };
    },
  );
};
