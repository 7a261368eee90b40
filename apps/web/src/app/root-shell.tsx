import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { useUserPolling } from '../features/account/hooks/use-user-polling';
import { LiveSlot } from './components/live-slot';
import { NavigationProgress } from './components/navigation-progress';
import { SiteEntryWarning } from './components/site-entry-warning';
import { useAuthRedirect } from './hooks/use-auth-redirect';

/**
 * Where a page's scroll position is kept: per history entry, as the browser does. A page opened
 * afresh (a typed address, a link from a mail) has no entry of its own yet, and React Router
 * names every such entry 'default', so /members would open at the position /profile was left
 * at; those are kept per address instead.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/** The root route: what every page has, whatever its layout. */
export function RootShell() {
  useUserPolling();
  useAuthRedirect();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <SiteEntryWarning />
      <LiveSlot />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
