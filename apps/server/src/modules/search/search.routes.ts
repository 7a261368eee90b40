import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MatchesResponseSchema, SearchQuerySchema, SearchResponseSchema } from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { SearchService } from './search.service.js';
import { errorResponses } from '../../plugins/errors.js';

/**
 * How long a member's search page is sent from memory (member-answers): what takes a member out
 * of it is announced and forgets it at once, but a member entering it (active again, so higher
 * in the activity order, or an edited profile now matching) is not, and shows this much later.
 */
const SEARCH_PAGE_KEPT_MS = 60_000;

export interface SearchRoutesOptions {
  search: SearchService;
}

/**
 * The member search, the match finder and signup matches. The contract is documented in
 * @app/shared schemas/search.ts.
 */
export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, opts) => {
  const { search } = opts;

  /** The settings of the site the request is served by (Host header). */
  app.get(
    '/api/members.php',
    {
      config: { memberAnswer: { servedForMs: SEARCH_PAGE_KEPT_MS } },
      schema: {
        tags: ['search'],
        summary: 'Searches members by gender, country, region and age, a page at a time, with similar results',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { network, ref, sub1, sub2, sub3 } = request.query;
      const viewerId = request.member?.id ?? null;
      return search.search(viewerId, request.query, (await request.site()).settings, {
        network,
        ref,
        sub1,
        sub2,
        sub3,
      });
    },
  );

  app.get(
    '/api/match-finder.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['search'],
        summary: "Suggestions from the member's preferences, best first, with reasons",
        response: { 200: MatchesResponseSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { members: await search.matchFinder(memberId(request), (await request.site()).settings) };
    },
  );

  app.get(
    '/api/signup-matches.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['search'],
        summary: 'Suggestions for a member who just signed up',
        response: { 200: MatchesResponseSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { members: await search.signupMatches(memberId(request), (await request.site()).settings) };
    },
  );
};
