import type { Locale, RouteMatch } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { catalogueModule, escapeHtml, type Prerender, type PrerenderedPage } from './web.js';

/**
 * The web app's modules each member page needs beyond the entry, as keys of Vite's manifest:
 * the page (apps/web/src/app/route-modules.ts) and the data module its loader imports
 * (app/member-data.ts). Preloaded with the HTML, they arrive beside the entry instead of in
 * waves after it has run.
 */
const MEMBER_PAGE_MODULES: Record<string, string> = {
  members: 'src/app/routes/members.tsx',
  likes: 'src/app/routes/likes.tsx',
  'likes-type': 'src/app/routes/likes.tsx',
  chats: 'src/app/routes/chats.tsx',
  'chats-id': 'src/app/routes/chat.tsx',
  'members-id-chat': 'src/app/routes/chat.tsx',
};

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
  const page = MEMBER_PAGE_MODULES[match.route.name];
  if (!page) return null;
  const chat = match.route.layout === 'chat';
  const shape = chat
    ? `<div class="page-skeleton page-skeleton--chat"><span class="page-skeleton__title"></span>${BUBBLES}</div>`
    : `<div class="container page page-skeleton"><span class="page-skeleton__title"></span><ul class="page-skeleton__cards">${CARDS}</ul></div>`;
  const catalogues = [...new Set<Locale>([locale, 'nl'])].flatMap((lng) => [
    catalogueModule(lng, 'member'),
    catalogueModule(lng, 'signup'),
  ]);
  return {
    lang: locale,
    body: `<div class="boot-shell" aria-busy="true"><div class="boot-shell__bar"><span class="brand-logo">${escapeHtml(siteName)}</span></div>${shape}</div>`,
    modules: [page, MEMBER_DATA_MODULE, ...catalogues],
  };
}

/** memberShellPage for a request: its site's name, in the language its page is shown in. */
export function createMemberShellPrerender(deps: {
  site: (request: FastifyRequest) => Promise<{ locale: Locale; siteName: string }>;
}): Prerender {
  return async (request, match) =>
    match.route.name in MEMBER_PAGE_MODULES ? memberShellPage(match, await deps.site(request)) : null;
}
