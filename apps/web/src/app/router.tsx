import { ROUTES, paramsAllowed, type LayoutName, type RouteDef } from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { userQueryOptions } from '../data/user';
import { BootSplash } from './components/boot-splash';
import { NotFoundPage, RouteErrorBoundary } from './components/error-page';
import { pageSkeletonFor } from './components/page-skeleton';
import { ChatLayout } from './layouts/chat-layout';
import { DefaultLayout } from './layouts/default-layout';
import { RootShell } from './root-shell';
import { ADMIN_MODULE, PAGE_DATA, PAGE_MODULES } from './route-modules';
import { NOT_FOUND_ROUTE, type RouteHandle } from './route-handle';
import { afterLoginPath, loginPath } from './rules';

/**
 * The lander and empty layouts are rarely a member's first page, so they load with their pages.
 * The chat layout is a member's first page whenever a notification opens a conversation: it is
 * in the first load (it reuses the default layout's parts), so the conversation's bar and
 * skeleton show while the page's code loads.
 */
const LAYOUTS: Record<LayoutName, Pick<RouteObject, 'Component' | 'lazy'>> = {
  default: { Component: DefaultLayout },
  chat: { Component: ChatLayout },
  lander: { lazy: async () => ({ Component: (await import('./layouts/lander-layout')).LanderLayout }) },
  empty: { lazy: async () => ({ Component: (await import('./layouts/empty-layout')).EmptyLayout }) },
};

async function isLoggedIn(queryClient: QueryClient): Promise<boolean> {
  return (await queryClient.ensureQueryData(userQueryOptions())).user !== null;
}

/**
 * The loader that guards a route before its page loads: unknown parameter values are a 404,
 * members-only pages send visitors to the login page (remembering where they were going),
 * and the login page sends members on. It fetches what the page renders from its first paint
 * (PAGE_DATA), beside the page's module and texts, and beside the session check rather than
 * after it: a member's data is on its way a round trip sooner, and a visitor's request is
 * refused while the guard sends them to log in.
 */
function guardLoader(route: RouteDef, queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    if (!paramsAllowed(route.name, params)) throw data(null, { status: 404, statusText: 'Not Found' });
    const url = new URL(request.url);
    const pageData = PAGE_DATA[route.name]?.(params, queryClient, url);
    if (route.auth && !(await isLoggedIn(queryClient))) {
      // The visitor leaves for the login page: what the data does no longer matters.
      pageData?.catch(() => undefined);
      throw redirect(loginPath(url.pathname + url.search));
    }
    if (route.name === 'login' && (await isLoggedIn(queryClient))) {
      throw redirect(afterLoginPath(url.searchParams.get('redirect')));
    }
    await pageData;
    return null;
  };
}

function needsGuard(route: RouteDef): boolean {
  return route.path.includes(':') || Boolean(route.auth) || route.name === 'login' || route.name in PAGE_DATA;
}

function showsSkeletonFirst(route: RouteDef): boolean {
  return (route.layout === 'default' || route.layout === 'chat') && (Boolean(route.auth) || route.name === 'members');
}

function pageRoute(route: RouteDef, queryClient: QueryClient): RouteObject {
  const load = PAGE_MODULES[route.page];
  if (!load) throw new Error(`No page module ${route.page} for route ${route.name}`);
  const handle: RouteHandle = { route };
  return {
    id: route.name,
    path: route.path,
    handle,
    loader: needsGuard(route) ? guardLoader(route, queryClient) : undefined,
    lazy: load,
    // A member page opened first shows its layout and the page's shape while its code loads,
    // not the logo alone; other pages keep the root's splash (or the server's HTML).
    ...(showsSkeletonFirst(route) && { HydrateFallback: pageSkeletonFor(route) }),
    ErrorBoundary: RouteErrorBoundary,
  };
}

/** The app's route tree, built from the shared route table (spec section 2). */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  const layouts = (Object.keys(LAYOUTS) as LayoutName[]).map<RouteObject>((layout) => {
    const children = ROUTES.filter((route) => route.layout === layout).map((route) => pageRoute(route, queryClient));
    if (layout === 'default') {
      const handle: RouteHandle = { route: NOT_FOUND_ROUTE };
      children.push({ id: NOT_FOUND_ROUTE.name, path: '*', handle, Component: NotFoundPage });
    }
    return { id: `layout-${layout}`, ...LAYOUTS[layout], ErrorBoundary: RouteErrorBoundary, children };
  });
  return [
    // The operator console: its own layout, login and texts, outside the member shell (no member
    // polling, live channel or entry warning), and no route of the spec's table.
    {
      id: 'admin',
      path: '/admin/*',
      lazy: ADMIN_MODULE,
      HydrateFallback: BootSplash,
      ErrorBoundary: RouteErrorBoundary,
    },
    {
      id: 'root',
      Component: RootShell,
      HydrateFallback: BootSplash,
      ErrorBoundary: RouteErrorBoundary,
      children: layouts,
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
