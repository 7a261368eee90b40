import { ROUTES } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsQueryOptions } from '../../data/settings';
import { queryClient } from '../../lib/query-client';
import { buildSettings } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { LanguageMenu } from './language-menu';
import { SiteFooter } from './site-footer';

const routes = [
  {
    path: '*',
    element: (
      <>
        <LanguageMenu />
        <SiteFooter />
      </>
    ),
    handle: { route: ROUTES[0]! },
  },
];

describe('SiteFooter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('discloses the fictional profiles in the language switched to, with the settings’ texts in that language', async () => {
    await renderWithApp(routes, { settings: { geoip_country: 'GB' } });
    expect(screen.getByText(/ook fictieve profielen/)).toBeInTheDocument();

    // The English settings are not loaded yet: the switch asks the server for them.
    queryClient.removeQueries({ queryKey: settingsQueryOptions('en').queryKey });
    const english = buildSettings({
      geoip_country: 'GB',
      fictional_plural: 'fictional profiles',
      fictional_warning: 'This profile is fictional and is run by our team.',
    });
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ settings: english, domain_language: 'nl', locale: 'en' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await userEvent.click(screen.getByRole('button', { name: /^Taal/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'English' }));

    await waitFor(() =>
      expect(
        screen.getByText(
          /Amoria also features fictional profiles, .*“This profile is fictional and is run by our team\.”/,
        ),
      ).toBeInTheDocument(),
    );
    expect(document.body.textContent).not.toMatch(/fictie|fictief/);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/api\/settings\.php\?forced_domain=localhost&locale=en$/);
  });
});
