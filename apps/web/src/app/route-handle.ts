import type { RouteDef } from '@app/shared';

/** What every route of the app carries in its `handle`: its entry of the shared route table. */
export interface RouteHandle {
  route: RouteDef;
}

/**
 * The catch-all route: unmatched paths render the 404 page in the default layout. The router
 * renders that page itself, in the entry: no page module by this name.
 */
export const NOT_FOUND_ROUTE: RouteDef = { name: 'not-found', path: '*', layout: 'default', page: 'not-found' };

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}
