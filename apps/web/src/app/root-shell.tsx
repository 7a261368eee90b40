import { Outlet, ScrollRestoration } from 'react-router';
import { useUserPolling } from '../features/account/hooks/use-user-polling';
import { LiveSlot } from './components/live-slot';
import { NavigationProgress } from './components/navigation-progress';
import { SiteEntryWarning } from './components/site-entry-warning';
import { useAuthRedirect } from './hooks/use-auth-redirect';

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
      <ScrollRestoration />
    </>
  );
}
