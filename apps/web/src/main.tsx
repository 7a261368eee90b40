import './styles/main.scss';
import { isLocale, LOCALE_COOKIE } from '@app/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installChunkReloadHandler } from './app/chunk-reload';
import { ErrorPage } from './app/components/error-page';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { userQueryOptions } from './data/user';
import { fetchFirstSettings } from './data/settings';
import { ApiError } from './lib/api';
import { readCookie } from './lib/cookies';
import { initI18n } from './lib/i18n';
import { watchPageHidden } from './lib/page-hidden';
import { startServiceWorker } from './lib/service-worker';
import { queryClient } from './lib/query-client';
import { storeLanding, storeTracking } from './lib/tracking';

const landingQuery = new URLSearchParams(window.location.search);
storeTracking(landingQuery);
storeLanding(window.location.pathname);
watchPageHidden(landingQuery.has('lb'));
installChunkReloadHandler();

// Everything the first render needs starts at once: settings, the session, the first page's
// chunk (the router loads it as it initialises) and the catalogues of the language.
const cookie = readCookie(LOCALE_COOKIE);
const cookieLocale = isLocale(cookie) ? cookie : null;
const settings = fetchFirstSettings(cookieLocale);
const session = queryClient.prefetchQuery(userQueryOptions());
const router = createAppRouter(queryClient);
startServiceWorker({ queryClient, navigate: (url) => void router.navigate(url) });
// Without the cookie the server answered in the page's language (the domain's): start in it.
const i18nReady = cookieLocale ? initI18n(cookieLocale) : settings.then(({ locale }) => initI18n(locale));

/** Resolves once the router has the first page's module, texts and data. */
function firstPageReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

const rootElement = document.getElementById('root')!;
// A page the server rendered (landers, content pages) stays on screen until the app can show
// the whole page, rather than giving way to the boot splash while the page's code loads.
const prerendered = rootElement.querySelector(':scope > .prerendered') !== null;
const root = createRoot(rootElement);

// The session too: a member page's layout shows before the page's code has loaded (its
// skeleton), and must not show a visitor's top bar first.
Promise.all([settings, i18nReady, session, prerendered ? firstPageReady() : null]).then(
  ([{ settings: site }]) => {
    // A page the server rendered (landers, content pages) keeps its own description.
    document.querySelector('meta[name="description"]:not([data-page])')?.setAttribute('content', site.description);
    root.render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  },
  (error: unknown) => {
    // Without settings there is no site to show: the English error page (spec section 8).
    root.render(<ErrorPage status={error instanceof ApiError && error.status ? error.status : 503} />);
  },
);
