import { defaultNotificationPreferences, DISMISSAL_KEYS, type AccountSettings } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../data/query-keys';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';
import { jsonResponse } from '../../testing/api';

function buildAccount(overrides: Partial<AccountSettings> = {}): AccountSettings {
  return {
    email: 'sanne@example.com',
    invisible: false,
    notification_preferences: defaultNotificationPreferences(),
    ...overrides,
  };
}

type Handler = (body: unknown) => Response;

/** Answers each "METHOD path" with its handler, like the server's contract; anything else is a 404. */
function serve(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>, handlers: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input).split('?')[0];
    const handler = handlers[`${init?.method ?? 'GET'} ${path}`];
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    return handler ? handler(body) : jsonResponse(404, { error: 'not_found', message: 'Niet gevonden' });
  });
}

/** The calls other than the page's own GET of the account. */
function commands(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') !== 'GET')
    .map(([path, init]) => ({
      path: String(path),
      method: init?.method,
      body: JSON.parse(String(init?.body)) as unknown,
    }));
}

describe('the settings page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.removeQueries({ queryKey: queryKeys.account });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('loads the account and shows the address and the switches', async () => {
    serve(fetchMock, { 'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }) });
    await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    expect(await screen.findByText('sanne@example.com')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'E-mailadres' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Onzichtbare modus' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Likes' })).toBeChecked();
    expect(screen.getByRole('link', { name: /Taal/ })).toHaveAttribute('href', '/lang-config');
  });

  it('offers a retry when the account does not load', async () => {
    serve(fetchMock, {
      'GET /api/account.php': () => jsonResponse(400, { error: 'bad_request', message: 'Er ging iets mis.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    expect(await screen.findByText('We konden je instellingen niet laden.')).toBeInTheDocument();
    serve(fetchMock, { 'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }) });
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('sanne@example.com')).toBeInTheDocument();
  });

  it('turns on invisible mode at once and says it is saved', async () => {
    serve(fetchMock, {
      'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }),
      'PUT /api/account.php': () => jsonResponse(200, { account: buildAccount({ invisible: true }) }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    const toggle = await screen.findByRole('switch', { name: 'Onzichtbare modus' });
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    const privacy = screen.getByRole('region', { name: 'Privacy' });
    expect(await within(privacy).findByText('Opgeslagen')).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([{ path: '/api/account.php', method: 'PUT', body: { invisible: true } }]);
  });

  it('puts the switch back and says so when saving fails', async () => {
    serve(fetchMock, {
      'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }),
      'PUT /api/account.php': () => jsonResponse(400, { error: 'validation_failed', message: 'Ongeldige invoer' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    const toggle = await screen.findByRole('switch', { name: 'Onzichtbare modus' });
    await userEvent.click(toggle);
    const privacy = screen.getByRole('region', { name: 'Privacy' });
    expect(await within(privacy).findByText('Niet opgeslagen. Probeer het opnieuw.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(commands(fetchMock)[0]!.body).toEqual({ invisible: true });
  });

  it('saves a notification switch with only that type', async () => {
    serve(fetchMock, {
      'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }),
      'PUT /api/account.php': () =>
        jsonResponse(200, {
          account: buildAccount({
            notification_preferences: { ...buildAccount().notification_preferences, news: true },
          }),
        }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    // A new member's marketing mails start off: switching news on is the opt-in.
    const news = await screen.findByRole('switch', { name: 'Nieuws' });
    expect(news).not.toBeChecked();
    await userEvent.click(news);
    expect(screen.getByRole('switch', { name: 'Nieuws' })).toBeChecked();
    await waitFor(() =>
      expect(commands(fetchMock)).toEqual([
        { path: '/api/account.php', method: 'PUT', body: { notification_preferences: { news: true } } },
      ]),
    );
  });

  it('says the new passwords differ without calling the API', async () => {
    serve(fetchMock, { 'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }) });
    await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Wachtwoord wijzigen' }));
    await userEvent.type(screen.getByLabelText('Huidig wachtwoord'), 'oudgeheim1');
    await userEvent.type(screen.getByLabelText('Nieuw wachtwoord'), 'nieuwgeheim1');
    await userEvent.type(screen.getByLabelText('Herhaal het nieuwe wachtwoord'), 'nieuwgeheim2');
    await userEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(screen.getByLabelText('Herhaal het nieuwe wachtwoord')).toHaveAccessibleDescription(
      'De opgegeven wachtwoorden zijn niet gelijk.',
    );
    expect(commands(fetchMock)).toEqual([]);
  });

  it('changes the password and shows the wrong current password under its field', async () => {
    serve(fetchMock, {
      'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }),
      'POST /api/password.php': () =>
        jsonResponse(400, {
          error: 'validation_failed',
          message: 'Controleer de velden.',
          fields: { old_password: 'Je huidige wachtwoord klopt niet.' },
        }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Wachtwoord wijzigen' }));
    await userEvent.type(screen.getByLabelText('Huidig wachtwoord'), 'fout');
    await userEvent.type(screen.getByLabelText('Nieuw wachtwoord'), 'nieuwgeheim1');
    await userEvent.type(screen.getByLabelText('Herhaal het nieuwe wachtwoord'), 'nieuwgeheim1');
    await userEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Huidig wachtwoord')).toHaveAccessibleDescription(
        'Je huidige wachtwoord klopt niet.',
      ),
    );
    expect(commands(fetchMock)).toEqual([
      {
        path: '/api/password.php',
        method: 'POST',
        body: { old_password: 'fout', password: 'nieuwgeheim1', password_repeat: 'nieuwgeheim1' },
      },
    ]);

    serve(fetchMock, { 'POST /api/password.php': () => jsonResponse(200, { ok: true }) });
    await userEvent.clear(screen.getByLabelText('Huidig wachtwoord'));
    await userEvent.type(screen.getByLabelText('Huidig wachtwoord'), 'oudgeheim1');
    await userEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(
      await screen.findByText('Je wachtwoord is gewijzigd. Op je andere apparaten ben je uitgelogd.'),
    ).toBeInTheDocument();
  });

  it('mails a confirmation link to the new address', async () => {
    serve(fetchMock, {
      'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }),
      'POST /api/email-change.php': () => jsonResponse(200, { ok: true }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Wijzigen' }));
    await userEvent.type(screen.getByLabelText('Nieuw e-mailadres'), 'sanne@nieuw.example');
    await userEvent.type(screen.getByLabelText('Je huidige wachtwoord'), 'geheim123');
    await userEvent.click(screen.getByRole('button', { name: 'Bevestigingslink sturen' }));
    expect(await screen.findByText(/We hebben een link gestuurd naar sanne@nieuw\.example/)).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([
      { path: '/api/email-change.php', method: 'POST', body: { email: 'sanne@nieuw.example', password: 'geheim123' } },
    ]);
  });

  it('walks through the delete flow, deletes and leaves for /account-deleted', async () => {
    serve(fetchMock, {
      'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }),
      'POST /api/account-delete.php': () => jsonResponse(200, { ok: true }),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waarom wil je vertrekken?' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Verder' }));
    expect(within(dialog).getByText('Kies een reden om verder te gaan.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Ik heb iemand gevonden' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verder' }));
    expect(within(dialog).getByRole('heading', { name: 'Gefeliciteerd!' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Doorgaan met verwijderen' }));

    expect(within(dialog).getByRole('heading', { name: 'Weet je het zeker?' })).toBeInTheDocument();
    expect(within(dialog).getByText(/binnen 14 dagen/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Wil je ons nog iets meegeven? (optioneel)'), 'Bedankt!');
    await userEvent.type(within(dialog).getByLabelText('Je wachtwoord'), 'geheim123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Account verwijderen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account-deleted'));
    expect(commands(fetchMock)).toEqual([
      {
        path: '/api/account-delete.php',
        method: 'POST',
        body: { reason: 'found_partner', password: 'geheim123', note: 'Bedankt!' },
      },
    ]);
    expect(queryClient.getQueryData(queryKeys.user)).toEqual({ user: null });
  });

  it('shows a wrong password under the field and stays in the dialog', async () => {
    serve(fetchMock, {
      'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }),
      'POST /api/account-delete.php': () =>
        jsonResponse(400, {
          error: 'validation_failed',
          message: 'Controleer de velden.',
          fields: { password: 'Wachtwoord onjuist' },
        }),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Een andere reden' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verder' }));
    expect(within(dialog).getByRole('link', { name: 'support@amoria.example' })).toHaveAttribute(
      'href',
      'mailto:support@amoria.example',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Doorgaan met verwijderen' }));
    await userEvent.type(within(dialog).getByLabelText('Je wachtwoord'), 'fout');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Account verwijderen' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Je wachtwoord')).toHaveAccessibleDescription('Wachtwoord onjuist'),
    );
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('offers the support phone cleaned of dashes and spaces, as text and as the number it dials', async () => {
    serve(fetchMock, { 'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }) });
    await renderWithApp(appRoutes(queryClient), {
      path: '/settings',
      user: buildUser(),
      settings: { support_phone: '+31 20-123 45 67' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Een andere reden' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verder' }));
    expect(within(dialog).getByRole('link', { name: '+31201234567' })).toHaveAttribute('href', 'tel:+31201234567');
  });

  it('offers the discount to a member who finds it too expensive and shows the code', async () => {
    serve(fetchMock, {
      'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }),
      'POST /api/retention-offer.php': () =>
        jsonResponse(200, { offer: { code: 'BLIJF-7K2Q', percentage: 20, expires: '2026-12-31T23:59:59Z' } }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Het is me te duur' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verder' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim 20% korting' }));
    expect(await within(dialog).findByText('BLIJF-7K2Q')).toBeInTheDocument();
    expect(within(dialog).getByText('Geldig tot 31 december 2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Credits kopen met korting' })).toHaveAttribute('href', '/credits');
    expect(commands(fetchMock)).toEqual([
      { path: '/api/retention-offer.php', method: 'POST', body: { reason: 'too_expensive' } },
    ]);
  });

  it('offers invisible mode instead to a member who needs a break', async () => {
    serve(fetchMock, {
      'GET /api/account.php': () => jsonResponse(200, { account: buildAccount() }),
      'PUT /api/account.php': () => jsonResponse(200, { account: buildAccount({ invisible: true }) }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Ik wil even pauze' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verder' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zet liever onzichtbaar aan' }));
    expect(await within(dialog).findByText(/Je bent nu onzichtbaar/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Sluiten' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Onzichtbare modus' })).toBeChecked();
  });
});
