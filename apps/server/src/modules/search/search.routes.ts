import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, MatchesResponseSchema, SearchQuerySchema, SearchResponseSchema } from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { SearchService, SearchSite } from './search.service.js';

export interface SearchRoutesOptions {
  search: SearchService;
  settings: Pick<SettingsService, 'resolveSite'>;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorResponseSchema]));

/**
 * The member search, the match finder and signup matches. The contract is documented in
 * @app/shared schemas/search.ts.
 */
export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, opts) => {
  const { search, settings } = opts;

  /** The settings of the site the request is served by (Host header). */
  async function siteOf(request: FastifyRequest): Promise<SearchSite> {
    return (await settings.resolveSite({ host: request.host })).site.settings;
  }

  app.get(
    '/api/members.php',
    {
      schema: {
        tags: ['search'],
        summary: 'Searches members by gender, country, region and age, a page at a time, with similar results',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...errors(400, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { network, ref, sub1, sub2, sub3 } = request.query;
      const viewerId = request.member?.id ?? null;
      return search.search(viewerId, request.query, await siteOf(request), { network, ref, sub1, sub2, sub3 });
    },
  );

  app.get(
    '/api/match-finder.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['search'],
        summary: "Suggestions from the member's preferences, best first, with reasons",
        response: { 200: MatchesResponseSchema, ...errors(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { members: await search.matchFinder(memberId(request), await siteOf(request)) };
    },
  );

  app.get(
    '/api/signup-matches.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['search'],
        summary: 'Suggestions for a member who just signed up',
        response: { 200: MatchesResponseSchema, ...errors(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { members: await search.signupMatches(memberId(request), await siteOf(request)) };
    },
  );
};
