import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { LazyWebNamespace } from '@app/i18n';
import type { ContentPage, LanderName } from '@app/shared';
import { prefetchPageText } from '../data/page-text';
import { currentLocale, loadMemberTexts, loadTexts } from '../lib/i18n';

/** What a lazy page module exports: its page component, under React Router's name. */
export interface PageModule {
  Component: ComponentType;
}

/** A page module that renders lazy namespaces' texts: its chunk and those texts load side by side. */
function withTexts(
  namespace: LazyWebNamespace | LazyWebNamespace[],
  load: () => Promise<PageModule>,
): () => Promise<PageModule> {
  const namespaces = Array.isArray(namespace) ? namespace : [namespace];
  return () => Promise.all([load(), ...namespaces.map(loadTexts)]).then(([module]) => module);
}

/** A page module that renders members-area texts. */
function withMemberTexts(load: () => Promise<PageModule>): () => Promise<PageModule> {
  return () => Promise.all([load(), loadMemberTexts()]).then(([module]) => module);
}

/**
 * The page module of each page of the shared route table (a route's `page`), each its own
 * chunk: routes that show the same page with other parameters share it.
 */
export const PAGE_MODULES: Record<string, () => Promise<PageModule>> = {
  home: withTexts('home', () => import('./routes/home')),
  likes: withMemberTexts(() => import('./routes/likes')),
  'member-profile': withMemberTexts(() => import('./routes/member-profile')),
  visitors: withMemberTexts(() => import('./routes/visitors')),
  chats: withMemberTexts(() => import('./routes/chats')),
  chat: withMemberTexts(() => import('./routes/chat')),
  members: withMemberTexts(() => import('./routes/members')),
  'member-landing': withTexts('landing', () => import('./routes/member-landing')),
  signup: withTexts('signup', () => import('./routes/signup')),
  'account-deleted': withTexts('signup', () => import('./routes/account-deleted')),
  // Its form words client-side problems with the API's own error texts.
  complaints: withTexts(['complaints', 'errors'], () => import('./routes/complaints')),
  'complete-signup': withMemberTexts(() => import('./routes/complete-signup')),
  credits: withMemberTexts(() => import('./routes/credits')),
  'credits-repeat-order': withMemberTexts(() => import('./routes/credits-repeat-order')),
  'payment-method': withMemberTexts(() => import('./routes/payment-method')),
  directdebit: () =>
    Promise.all([withMemberTexts(() => import('./routes/directdebit'))(), loadTexts('errors')]).then(
      ([module]) => module,
    ),
  'lang-config': () => import('./routes/lang-config'),
  login: () => import('./routes/login'),
  'match-finder': withMemberTexts(() => import('./routes/match-finder')),
  notifications: withMemberTexts(() => import('./routes/notifications')),
  premium: withMemberTexts(() => import('./routes/premium')),
  pricing: withMemberTexts(() => import('./routes/pricing')),
  profile: withMemberTexts(() => import('./routes/profile')),
  settings: withMemberTexts(() => import('./routes/settings')),
  'reset-password': withTexts('signup', () => import('./routes/reset-password')),
  'reset-password-do': withTexts('signup', () => import('./routes/reset-password-do')),
  'signup-matches': withMemberTexts(() => import('./routes/signup-matches')),
  'swipe-game': withMemberTexts(() => import('./routes/swipe-game')),
  transactions: withMemberTexts(() => import('./routes/transactions')),
  'activate-done': () => import('./routes/activate-done'),
  'activate-error': () => import('./routes/activate-error'),
  'mail-change-do': () => import('./routes/mail-change-do'),
  'content-page': withTexts('pages', () => import('./routes/content-page')),
  lander: withTexts('landing', () => import('./routes/lander')),
};

/**
 * The operator console at /admin/*: not a route of the spec's table, so it has its own entry
 * in the router, outside the member shell; its chunk and the `admin` texts load side by side, with
 * the `member` texts for the gift names its inbox shows.
 */
export const ADMIN_MODULE = withTexts(['admin', 'member'], () => import('./routes/admin'));

type PageData = (params: Params, queryClient: QueryClient, url: URL) => Promise<void>;

/** The member pages' data module: its own chunk, which the server preloads with their HTML. */
const memberData = () => import('./member-data');

/**
 * Data a page renders from its first paint, fetched by its route's loader while the page's
 * module and texts load, so the page shows whole at once: the content pages' own texts (the
 * site's wording instead of the catalogue's, which never flashes first), and the landing pages'
 * members and design chunk (a chain of round trips on a slow phone otherwise). The member pages'
 * lists and conversations are asked for at navigation too, but not waited for (member-data.ts).
 */
export const PAGE_DATA: Record<string, PageData> = {
  members: async (_params, queryClient, url) => (await memberData()).prefetchMembers(url, queryClient),
  likes: async (_params, queryClient) => (await memberData()).prefetchLikes(queryClient),
  'likes-type': async (_params, queryClient) => (await memberData()).prefetchLikes(queryClient),
  chats: async (_params, queryClient) => (await memberData()).prefetchChats(queryClient),
  'chats-id': async (params, queryClient) => (await memberData()).prefetchChat(params.id, queryClient),
  'members-id-chat': async (params, queryClient) => (await memberData()).prefetchChatWithMember(params.id, queryClient),
  'pages-name': async (params, queryClient) => {
    // The language is known once i18n started, which the page's texts wait for anyway.
    await loadTexts('pages');
    await prefetchPageText(queryClient, params.name as ContentPage, currentLocale());
  },
  // In a chunk of its own, which the server preloads with a landing page's HTML: the designs'
  // table and the lander query stay out of every other page's first load.
  'landers-name-slug': async (params, queryClient) =>
    (await import('./landing-data')).prefetchLanderPage(params, queryClient, params.name as LanderName),
  'landers-tinderswipe': async (params, queryClient) =>
    (await import('./landing-data')).prefetchLanderPage(params, queryClient, 'tinderswipe'),
  'members-id-landing': async (params, queryClient) =>
    (await import('./landing-data')).prefetchMemberLandingPage(params, queryClient, 'landing'),
  'members-id-landing2-slug': async (params, queryClient) =>
    (await import('./landing-data')).prefetchMemberLandingPage(params, queryClient, 'landing2'),
  'members-id-landing3-slug': async (params, queryClient) =>
    (await import('./landing-data')).prefetchMemberLandingPage(params, queryClient, 'landing3'),
};
