import { DISMISSAL_KEYS } from '@app/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';
import { jsonResponse } from '../../testing/api';

describe('the password and activation pages', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('says the two passwords differ without calling the API', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/reset-password/do?token=abc' });
    await userEvent.type(await screen.findByLabelText('Nieuw wachtwoord'), 'nieuwgeheim1');
    await userEvent.type(screen.getByLabelText('Herhaal het nieuwe wachtwoord'), 'nieuwgeheim2');
    await userEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(screen.getByLabelText('Herhaal het nieuwe wachtwoord')).toHaveAccessibleDescription(
      'De opgegeven wachtwoorden zijn niet gelijk.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sets the new password with the token and offers login', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { ok: true }));
    await renderWithApp(appRoutes(queryClient), { path: '/reset-password/do?token=abc' });
    await userEvent.type(await screen.findByLabelText('Nieuw wachtwoord'), 'nieuwgeheim1');
    await userEvent.type(screen.getByLabelText('Herhaal het nieuwe wachtwoord'), 'nieuwgeheim1');
    await userEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByText('Je wachtwoord is gewijzigd')).toBeInTheDocument();
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/password-reset-do.php');
    expect(JSON.parse(String(init?.body))).toEqual({
      token: 'abc',
      password: 'nieuwgeheim1',
      password_repeat: 'nieuwgeheim1',
    });
  });

  it('explains an expired link and offers a new one', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { error: 'reset_token_invalid', message: 'Deze link is verlopen of ongeldig.' }),
    );
    await renderWithApp(appRoutes(queryClient), { path: '/reset-password/do?token=old' });
    await userEvent.type(await screen.findByLabelText('Nieuw wachtwoord'), 'nieuwgeheim1');
    await userEvent.type(screen.getByLabelText('Herhaal het nieuwe wachtwoord'), 'nieuwgeheim1');
    await userEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze link is verlopen of ongeldig.');
    expect(screen.getByRole('link', { name: 'Nieuwe link aanvragen' })).toHaveAttribute('href', '/reset-password');
  });

  it('shows the API message when the e-mail address is unknown', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(404, { error: 'email_not_found', message: 'E-mailadres niet gevonden' }),
    );
    await renderWithApp(appRoutes(queryClient), { path: '/reset-password' });
    await userEvent.type(await screen.findByLabelText('E-mailadres'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Stuur mij een link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mailadres niet gevonden');
  });

  it('lets an unconfirmed member resend the activation mail from /activate/error', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { ok: true }));
    const user = buildUser({
      status: 'not_confirmed',
      profile: { id: 7, name: 'Sanne', country: 'NL', status: 'disabled', main_image: null },
    });
    await renderWithApp(appRoutes(queryClient), { path: '/activate/error', user });
    // The page's own offer, without the layout's reminder repeating it.
    await userEvent.click(await screen.findByRole('button', { name: 'Stuur de e-mail opnieuw' }));
    expect(await screen.findByText('Verstuurd! Kijk ook even in je spam-map.')).toBeInTheDocument();
    // A member's page also polls (chats, likes) and may do so first: find the resend among the calls.
    expect(fetchMock.mock.calls.map(([path]) => path)).toContain('/api/activation.php');
  });
});
