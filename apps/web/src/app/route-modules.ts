import type { ComponentType } from 'react';
import { loadMemberTexts } from '../lib/i18n';

/** What a lazy page module exports: its page component, under React Router's name. */
export interface PageModule {
  Component: ComponentType;
}

/** A page module that renders members-area texts: its chunk and those texts load side by side. */
function withMemberTexts(load: () => Promise<PageModule>): () => Promise<PageModule> {
  return () => Promise.all([load(), loadMemberTexts()]).then(([module]) => module);
}

/**
 * The page module of every route of the shared route table, each its own chunk. Routes that
 * show the same page with other parameters share a module.
 */
export const PAGE_MODULES: Record<string, () => Promise<PageModule>> = {
  index: () => import('./routes/home'),
  likes: withMemberTexts(() => import('./routes/likes')),
  'likes-m-id': withMemberTexts(() => import('./routes/member-profile')),
  'likes-type': withMemberTexts(() => import('./routes/likes')),
  chats: withMemberTexts(() => import('./routes/chats')),
  'chats-id': withMemberTexts(() => import('./routes/chat')),
  members: withMemberTexts(() => import('./routes/members')),
  'members-id': withMemberTexts(() => import('./routes/member-profile')),
  'members-id-chat': withMemberTexts(() => import('./routes/chat')),
  'members-id-landing': () => import('./routes/member-landing'),
  'members-id-signup': () => import('./routes/signup'),
  'members-id-landing2-slug': () => import('./routes/member-landing'),
  'members-id-landing3-slug': () => import('./routes/member-landing'),
  'account-deleted': () => import('./routes/account-deleted'),
  complaints: () => import('./routes/complaints'),
  'complete-signup': withMemberTexts(() => import('./routes/complete-signup')),
  credits: withMemberTexts(() => import('./routes/credits')),
  'credits-repeat-order': withMemberTexts(() => import('./routes/credits-repeat-order')),
  'credits-id-paymentmethod': withMemberTexts(() => import('./routes/payment-method')),
  directdebit: withMemberTexts(() => import('./routes/directdebit')),
  'lang-config': () => import('./routes/lang-config'),
  login: () => import('./routes/login'),
  'match-finder': withMemberTexts(() => import('./routes/match-finder')),
  notifications: withMemberTexts(() => import('./routes/notifications')),
  premium: withMemberTexts(() => import('./routes/premium')),
  pricing: withMemberTexts(() => import('./routes/pricing')),
  profile: withMemberTexts(() => import('./routes/profile')),
  settings: withMemberTexts(() => import('./routes/settings')),
  'reset-password': () => import('./routes/reset-password'),
  'reset-password-do': () => import('./routes/reset-password-do'),
  signup: () => import('./routes/signup'),
  'signup-matches': withMemberTexts(() => import('./routes/signup-matches')),
  'swipe-game': withMemberTexts(() => import('./routes/swipe-game')),
  'transactions-id': withMemberTexts(() => import('./routes/transactions')),
  'activate-done': () => import('./routes/activate-done'),
  'activate-error': () => import('./routes/activate-error'),
  'mail-change-do': () => import('./routes/mail-change-do'),
  'pages-name': () => import('./routes/content-page'),
  'landers-tinderswipe': () => import('./routes/lander'),
  'landers-name-slug': () => import('./routes/lander'),
};
