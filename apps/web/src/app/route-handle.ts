import type { RouteDef } from '@app/shared';

/** What every route of the app carries in its `handle`: its entry of the shared route table. */
export interface RouteHandle {
  route: RouteDef;
}

/** The catch-all route: unmatched paths render the 404 page in the default layout. */
export const NOT_FOUND_ROUTE: RouteDef = { name: 'not-found', path: '*', layout: 'default' };

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}
