import type { Locale, RouteMatch } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { catalogueModule, escapeHtml, type Prerender, type PrerenderedPage } from './web.js';

/**
 * The data module every member page's loader imports (apps/web/src/app/member-data.ts), as a key
 * of Vite's manifest. Preloaded with the HTML beside the page's own module (the route table's
 * `page`), they arrive with the entry instead of in waves after it has run.
 */
export const MEMBER_DATA_MODULE = 'src/app/member-data.ts';

const CARDS = '<li class="page-skeleton__card"></li>'.repeat(6);
const BUBBLES = '<span class="page-skeleton__bubble"></span>'.repeat(3);

/**
 * What the server's HTML of a member page holds until the app renders: a bar with the site's
 * name where the navigation comes (text, so it is the first contentful paint without waiting for
 * an image behind the preloads), and the page's shape (cards, or a conversation's messages), the same as
 * the app's skeleton (app/components/page-skeleton.tsx), instead of the logo alone; and the
 * preloads of the page's code and its texts (the member's language and nl, the fallback).
 * Null for every other page.
 */
export function memberShellPage(
  match: RouteMatch,
  { locale, siteName }: { locale: Locale; siteName: string },
): PrerenderedPage | null {
  const { page, shell } = match.route;
  if (!shell) return null;
  const shape =
    shell === 'conversation'
      ? `<div class="page-skeleton page-skeleton--chat"><span class="page-skeleton__title"></span>${BUBBLES}</div>`
      : `<div class="container page page-skeleton"><span class="page-skeleton__title"></span><ul class="page-skeleton__cards">${CARDS}</ul></div>`;
  const catalogues = [...new Set<Locale>([locale, 'nl'])].flatMap((lng) => [
    catalogueModule(lng, 'member'),
    catalogueModule(lng, 'signup'),
  ]);
  return {
    lang: locale,
    body: `<div class="boot-shell" aria-busy="true"><div class="boot-shell__bar"><span class="brand-logo">${escapeHtml(siteName)}</span></div>${shape}</div>`,
    modules: [`src/app/routes/${page}.tsx`, MEMBER_DATA_MODULE, ...catalogues],
  };
}

/** memberShellPage for a request: its site's name, in the language its page is shown in. */
export function createMemberShellPrerender(deps: {
  site: (request: FastifyRequest) => Promise<{ locale: Locale; siteName: string }>;
}): Prerender {
  return async (request, match) => (match.route.shell ? memberShellPage(match, await deps.site(request)) : null);
}
