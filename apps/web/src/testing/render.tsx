import { CONTENT_PAGES, LOCALES, type CompanyInfo, type Locale, type SiteSettings, type User } from '@app/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '../app/provider';
import { pageTextQueryOptions } from '../data/page-text';
import { settingsQueryOptions } from '../data/settings';
import { LAZY_WEB_NAMESPACES } from '@app/i18n';
import { i18n, initI18n, loadTexts } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../data/query-keys';
import { buildCompanyInfo, buildSettings } from './factories';

interface RenderOptions {
  path?: string;
  settings?: Partial<SiteSettings>;
  company?: Partial<CompanyInfo>;
  user?: User | null;
  locale?: Locale;
}

/** Starts i18n once per test file and switches to the wanted language (catalogues load lazily). */
async function ensureI18n(locale: Locale): Promise<void> {
  if (!i18n.isInitialized) await initI18n(locale);
  else if (i18n.language !== locale) await i18n.changeLanguage(locale);
  // Routes load these with their page; components rendered on their own need them too.
  await Promise.all(LAZY_WEB_NAMESPACES.map((namespace) => loadTexts(namespace)));
}

/**
 * Renders routes with the app's providers, the given settings and member in the cache, and
 * i18n loaded: the state the app is in after its boot.
 */
export async function renderWithApp(routes: RouteObject[], options: RenderOptions = {}) {
  const { path = '/', settings, company, user = null, locale = 'nl' } = options;
  await ensureI18n(locale);
  const site = buildSettings(settings);
  // In every language, so a test may switch languages without a server.
  for (const language of LOCALES) {
    queryClient.setQueryData(settingsQueryOptions(language).queryKey, {
      settings: site,
      domain_language: site.domain_language,
      locale: language,
    });
  }
  queryClient.setQueryData(queryKeys.user, { user });
  queryClient.setQueryData(queryKeys.companyInfo, { companyinfo: buildCompanyInfo(company) });
  queryClient.setQueryData(queryKeys.pushSubscription, false);
  // The content pages show the catalogue's texts unless a test gives the site its own.
  for (const page of CONTENT_PAGES) {
    if (queryClient.getQueryData(pageTextQueryOptions(page, locale).queryKey) === undefined) {
      queryClient.setQueryData(pageTextQueryOptions(page, locale).queryKey, { content: null });
    }
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
