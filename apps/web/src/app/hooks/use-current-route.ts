import { paramsAllowed, type RouteDef } from '@app/shared';
import { useMatches } from 'react-router';
import { isRouteHandle, NOT_FOUND_ROUTE } from '../route-handle';

/**
 * The route-table entry of the page being shown, or null while none matched. A route whose
 * parameter values it does not take shows the 404 page, so it is the not-found route here: its
 * own rules (the login guard of members-only pages, its alerts) do not apply to that page.
 */
export function useCurrentRoute(): RouteDef | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const { handle, params } = matches[i]!;
    if (isRouteHandle(handle)) return paramsAllowed(handle.route.name, params) ? handle.route : NOT_FOUND_ROUTE;
  }
  return null;
}
