import type { RouteDef } from '@app/shared';
import { useMatches } from 'react-router';
import { isRouteHandle } from '../route-handle';

/** The route-table entry of the page being shown, or null while none matched. */
export function useCurrentRoute(): RouteDef | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return null;
}
