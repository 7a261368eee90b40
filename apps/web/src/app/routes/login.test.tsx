import { DISMISSAL_KEYS } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../data/query-keys';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';
import { jsonResponse } from '../../testing/api';

describe('the login page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  async function fillIn(email: string, password: string) {
    await userEvent.type(await screen.findByLabelText('E-mailadres'), email);
    await userEvent.type(screen.getByLabelText('Wachtwoord'), password);
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
  }

  it('logs in and goes to the redirect target', async () => {
    const user = buildUser();
    fetchMock.mockImplementation(async () => jsonResponse(200, { user }));
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/login?redirect=%2Flikes' });
    await fillIn('demo@amoria.example', 'demo1234');

    await waitFor(() => expect(router.state.location.pathname).toBe('/likes'));
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/user.php');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'demo@amoria.example', password: 'demo1234' });
    expect(queryClient.getQueryData(queryKeys.user)).toEqual({ user });
  });

  it('takes a banned member to the ban page with the reason', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/user.php'
        ? jsonResponse(403, { error: 'account_banned', message: 'Je account is geblokkeerd: Oplichting' })
        : jsonResponse(404, { error: 'not_found', message: '' }),
    );
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/login' });
    await fillIn('banned@example.test', 'secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/ban'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Je account is geblokkeerd: Oplichting');
    sessionStorage.clear();
  });

  it('goes to the members area without a redirect', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { user: buildUser() }));
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/login' });
    await fillIn('demo@amoria.example', 'demo1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'));
  });

  it('shows the API message inline when the login fails', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { error: 'login_failed', message: 'Login mislukt, probeer opnieuw' }),
    );
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/login' });
    await fillIn('demo@amoria.example', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Login mislukt, probeer opnieuw');
    expect(router.state.location.pathname).toBe('/login');
    expect(queryClient.getQueryData(queryKeys.user)).toEqual({ user: null });
  });

  it('asks for the fields it needs before calling the API', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Inloggen' }));
    expect(screen.getByLabelText('E-mailadres')).toHaveAccessibleDescription('Vul je e-mailadres in');
    expect(screen.getByLabelText('Wachtwoord')).toHaveAccessibleDescription('Vul je wachtwoord in');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/login' });
    const password = await screen.findByLabelText('Wachtwoord');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Wachtwoord tonen' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('welcomes a reactivated member back above the form', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/login?reactivated=1' });
    expect(await screen.findByText('Je account is weer actief. Log in om verder te gaan.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeInTheDocument();
  });

  it('warns about a dead reactivation link and names customer service', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/login?reactivated=0' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Deze link is ongeldig of verlopen.');
    expect(screen.getByRole('link', { name: 'support@amoria.example' })).toHaveAttribute(
      'href',
      'mailto:support@amoria.example',
    );
  });
});
