import { DISMISSAL_KEYS } from '@app/shared';
import { lazy, Suspense, useState } from 'react';
import { useSettings } from '../../data/settings';
import { dismiss, isDismissed } from '../../lib/storage';
import { useCurrentRoute } from '../hooks/use-current-route';
import { shouldShowEntryWarning } from '../rules';

// The modal (and react-bootstrap's Modal with it) loads only for those who see it.
const EntryWarningModal = lazy(() =>
  import('./entry-warning-modal').then((module) => ({ default: module.EntryWarningModal })),
);

/** Where a visitor who does not want to enter is sent. */
const LEAVE_URL = 'https://www.google.com/';

/** The adults-only warning (modal #site-entry-warning), shown once per browser (spec section 2). */
export function SiteEntryWarning() {
  const route = useCurrentRoute();
  const settings = useSettings();
  const [dismissed, setDismissed] = useState(() => isDismissed(DISMISSAL_KEYS.siteEntryWarning));

  const show =
    route !== null &&
    shouldShowEntryWarning({
      routeName: route.name,
      layout: route.layout,
      popup: settings.enable_site_entry_popup,
      country: settings.geoip_country,
      dismissed,
    });
  if (!show) return null;

  function handleEnter() {
    dismiss(DISMISSAL_KEYS.siteEntryWarning);
    setDismissed(true);
  }

  function handleLeave() {
    window.location.assign(LEAVE_URL);
  }

  return (
    <Suspense fallback={null}>
      <EntryWarningModal
        siteName={settings.name}
        minAge={settings.min_age}
        onEnter={handleEnter}
        onLeave={handleLeave}
      />
    </Suspense>
  );
}
