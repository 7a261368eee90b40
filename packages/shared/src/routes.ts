import { PAYMENT_METHODS } from './constants.js';
import { LANDING_SLUGS } from './landing.js';

/**
 * The route table of spec section 2. The web app builds its router from it and the server
 * answers any path that matches none of it with status 404, so the two can never disagree.
 */

export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';

export interface RouteDef {
  /** Route name as the spec uses it (members-id, likes-m-id, ...). */
  name: string;
  /** React Router pattern: `:param` for a segment, `:param?` for an optional one. */
  path: string;
  layout: LayoutName;
  /** Only for logged-in members; visitors are sent to /login. */
  auth?: boolean;
  /**
   * The web app's page module, apps/web/src/app/routes/{page}.tsx: routes that show the same
   * page with other parameters share one.
   */
  page: string;
  /**
   * A member page whose HTML from the server already draws its shape (a list of cards, or a
   * conversation) and preloads its page module and data module beside the entry.
   */
  shell?: 'cards' | 'conversation';
}

/** Names of the landing pages served under /landers/{name}/{slug?}. */
export const LANDER_NAMES = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export type LanderName = (typeof LANDER_NAMES)[number];

/** Content pages under /pages/{name}. */
export const CONTENT_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

export const ROUTES: readonly RouteDef[] = [
  { name: 'index', path: '/', layout: 'default', page: 'home' },
  { name: 'likes', path: '/likes', layout: 'default', auth: true, page: 'likes', shell: 'cards' },
  { name: 'likes-m-id', path: '/likes/m/:id', layout: 'default', auth: true, page: 'member-profile' },
  { name: 'likes-type', path: '/likes/:type', layout: 'default', auth: true, page: 'likes', shell: 'cards' },
  { name: 'visitors', path: '/visitors', layout: 'default', auth: true, page: 'visitors' },
  { name: 'chats', path: '/chats', layout: 'default', auth: true, page: 'chats', shell: 'cards' },
  { name: 'chats-id', path: '/chats/:id', layout: 'chat', auth: true, page: 'chat', shell: 'conversation' },
  { name: 'members', path: '/members', layout: 'default', page: 'members', shell: 'cards' },
  { name: 'members-id', path: '/members/:id', layout: 'default', page: 'member-profile' },
  {
    name: 'members-id-chat',
    path: '/members/:id/chat',
    layout: 'chat',
    auth: true,
    page: 'chat',
    shell: 'conversation',
  },
  { name: 'members-id-landing', path: '/members/:id/landing', layout: 'lander', page: 'member-landing' },
  { name: 'members-id-signup', path: '/members/:id/signup', layout: 'empty', page: 'signup' },
  { name: 'members-id-landing2-slug', path: '/members/:id/landing2/:slug?', layout: 'lander', page: 'member-landing' },
  { name: 'members-id-landing3-slug', path: '/members/:id/landing3/:slug?', layout: 'lander', page: 'member-landing' },
  { name: 'account-deleted', path: '/account-deleted', layout: 'default', page: 'account-deleted' },
  { name: 'complaints', path: '/complaints', layout: 'default', page: 'complaints' },
  { name: 'complete-signup', path: '/complete-signup', layout: 'default', auth: true, page: 'complete-signup' },
  { name: 'credits', path: '/credits', layout: 'default', auth: true, page: 'credits' },
  {
    name: 'credits-repeat-order',
    path: '/credits/repeat-order',
    layout: 'default',
    auth: true,
    page: 'credits-repeat-order',
  },
  {
    name: 'credits-id-paymentmethod',
    path: '/credits/:id/:paymentmethod?',
    layout: 'default',
    auth: true,
    page: 'payment-method',
  },
  { name: 'directdebit', path: '/directdebit', layout: 'default', auth: true, page: 'directdebit' },
  { name: 'lang-config', path: '/lang-config', layout: 'default', page: 'lang-config' },
  { name: 'login', path: '/login', layout: 'default', page: 'login' },
  { name: 'match-finder', path: '/match-finder', layout: 'default', auth: true, page: 'match-finder' },
  { name: 'notifications', path: '/notifications', layout: 'default', auth: true, page: 'notifications' },
  { name: 'premium', path: '/premium', layout: 'default', auth: true, page: 'premium' },
  { name: 'pricing', path: '/pricing', layout: 'default', page: 'pricing' },
  { name: 'profile', path: '/profile', layout: 'default', auth: true, page: 'profile' },
  { name: 'settings', path: '/settings', layout: 'default', auth: true, page: 'settings' },
  { name: 'reset-password', path: '/reset-password', layout: 'default', page: 'reset-password' },
  { name: 'reset-password-do', path: '/reset-password/do', layout: 'default', page: 'reset-password-do' },
  { name: 'signup', path: '/signup', layout: 'empty', page: 'signup' },
  { name: 'signup-matches', path: '/signup-matches', layout: 'default', auth: true, page: 'signup-matches' },
  { name: 'swipe-game', path: '/swipe-game', layout: 'default', auth: true, page: 'swipe-game' },
  { name: 'transactions-id', path: '/transactions/:id?', layout: 'default', auth: true, page: 'transactions' },
  { name: 'activate-done', path: '/activate/done', layout: 'default', page: 'activate-done' },
  { name: 'activate-error', path: '/activate/error', layout: 'default', page: 'activate-error' },
  { name: 'mail-change-do', path: '/mail-change/do/:token?', layout: 'default', page: 'mail-change-do' },
  { name: 'pages-name', path: '/pages/:name', layout: 'default', page: 'content-page' },
  { name: 'landers-tinderswipe', path: '/landers/tinderswipe', layout: 'lander', page: 'lander' },
  { name: 'landers-name-slug', path: '/landers/:name/:slug?', layout: 'lander', page: 'lander' },
];

/** Routes whose top bar shows a back button in installed-app mode. */
export const BACK_BUTTON_ROUTES: readonly string[] = [
  'members-id',
  'likes-type',
  'likes-m-id',
  'credits',
  'credits-id-paymentmethod',
];

/** Routes on which the site-entry warning never shows. */
export const ENTRY_WARNING_EXCLUDED_ROUTES: readonly string[] = [
  'complete-signup',
  'reset-password',
  'reset-password-do',
];

/** Where a member lands after logging in. */
export const AFTER_LOGIN_PATH = '/members';

/** Parameter values a route accepts beyond its pattern; anything else is a 404. */
const PARAM_VALUES: Record<string, Record<string, readonly string[]>> = {
  'likes-type': { type: ['received', 'given', 'matches'] },
  'credits-id-paymentmethod': { paymentmethod: PAYMENT_METHODS },
  'pages-name': { name: CONTENT_PAGES },
  'landers-name-slug': { name: LANDER_NAMES, slug: LANDING_SLUGS },
  'members-id-landing2-slug': { slug: LANDING_SLUGS },
  'members-id-landing3-slug': { slug: LANDING_SLUGS },
};

/** Numeric id parameters. */
const NUMERIC_PARAMS = new Set(['id']);

interface CompiledRoute {
  route: RouteDef;
  regex: RegExp;
  keys: string[];
}

function compile(route: RouteDef): CompiledRoute {
  const keys: string[] = [];
  let source = '';
  for (const segment of route.path.split('/').filter(Boolean)) {
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      const key = segment.slice(1, optional ? -1 : undefined);
      keys.push(key);
      source += optional ? '(?:/([^/]+))?' : '/([^/]+)';
    } else {
      source += '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return { route, keys, regex: new RegExp(`^${source || '/'}/?$`) };
}

const COMPILED = ROUTES.map(compile);

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string | undefined>;
}

/**
 * Finds the route of a pathname, checking parameter values too (an unknown lander name or
 * likes tab is not a page). Returns null for a path the app does not have.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  for (const { route, regex, keys } of COMPILED) {
    const m = regex.exec(path);
    if (!m) continue;
    const params: Record<string, string | undefined> = {};
    keys.forEach((k, i) => (params[k] = m[i + 1]));
    if (!paramsAllowed(route.name, params)) continue;
    return { route, params };
  }
  return null;
}

/** Whether a matched route's parameters are values the route accepts. */
export function paramsAllowed(routeName: string, params: Record<string, string | undefined>): boolean {
  const allowed = PARAM_VALUES[routeName] ?? {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const values = allowed[key];
    if (values && !values.includes(value)) return false;
    if (NUMERIC_PARAMS.has(key) && !/^[1-9]\d{0,15}$/.test(value)) return false;
  }
  return true;
}
