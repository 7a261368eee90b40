import { ROUTES } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { LanguageMenu } from './language-menu';

const routes = [{ path: '*', element: <LanguageMenu />, handle: { route: ROUTES[0]! } }];

describe('LanguageMenu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the languages of the visitor country plus the current one', async () => {
    await renderWithApp(routes, { settings: { geoip_country: 'BE' } });
    await userEvent.click(screen.getByRole('button', { name: /^Taal/ }));
    const names = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(names).toEqual(['Nederlands', 'Deutsch', 'Français']);
  });

  it("lists the languages of a member's own country, wherever they are", async () => {
    const user = buildUser();
    await renderWithApp(routes, {
      user: { ...user, profile: { ...user.profile, country: 'BE' } },
      settings: { geoip_country: 'US' },
    });
    await userEvent.click(screen.getByRole('button', { name: /^Taal/ }));
    const names = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(names).toEqual(['Nederlands', 'Deutsch', 'Français']);
  });

  it('switches the language, sets the cookie for a year and updates <html lang>', async () => {
    await renderWithApp(routes, { settings: { geoip_country: 'CH' } });
    await userEvent.click(screen.getByRole('button', { name: /^Taal/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'English' }));

    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(document.cookie).toContain('locale=en');
    expect(screen.getByRole('button', { name: /^Language/ })).toBeInTheDocument();
  });

  it('saves the language on a logged-in member', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = buildUser({ language: 'nl' });
    await renderWithApp(routes, {
      user: { ...user, profile: { ...user.profile, country: 'CH' } },
      settings: { geoip_country: null },
    });
    await userEvent.click(screen.getByRole('button', { name: /^Taal/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Deutsch' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user.php');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ language: 'de' });
  });
});
