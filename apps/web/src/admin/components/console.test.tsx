import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import {
  buildDashboard,
  buildMemberDetail,
  buildSite,
  buildStaff,
  buildStoredSettings,
  buildThread,
  commands,
  jsonResponse,
  openConsole,
  serve,
  staffAuthRequired,
  stubConsoleFetch,
} from '../testing/api-stub';

describe('the operator console', () => {
  const fetchMock = stubConsoleFetch();
  const open = openConsole;

  it('logs in with password and authenticator code, then shows the dashboard', async () => {
    let verified = false;
    serve(fetchMock, {
      'GET /api/admin/me.php': () => (verified ? jsonResponse(200, { staff: buildStaff() }) : staffAuthRequired()),
      'POST /api/admin/login.php': () => jsonResponse(200, { step: 'totp' }),
      'POST /api/admin/totp.php': () => {
        verified = true;
        return jsonResponse(200, { staff: buildStaff() });
      },
      'GET /api/admin/dashboard.php': () => jsonResponse(200, buildDashboard()),
    });
    const { router } = await open('/admin/members');

    await userEvent.type(await screen.findByLabelText('E-mailadres'), 'anna@amoria.example');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'geheim-wachtwoord');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));

    const code = await screen.findByLabelText('Verificatiecode');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));

    // Back where the console was going before the login.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/members'));
    const nav = await screen.findByRole('navigation', { name: 'Beheer' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Overzicht' }));
    expect(await screen.findByRole('heading', { name: 'Overzicht', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('1.234')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Aanmeldingen van 2025-01-01 tot 2025-01-03: 33\./ })).toBeInTheDocument();

    expect(commands(fetchMock)).toEqual([
      {
        path: '/api/admin/login.php',
        method: 'POST',
        body: { email: 'anna@amoria.example', password: 'geheim-wachtwoord' },
      },
      { path: '/api/admin/totp.php', method: 'POST', body: { code: '123456' } },
    ]);
    // The request-type header goes with the state-changing calls.
    const [, init] = fetchMock.mock.calls.find(([path]) => String(path) === '/api/admin/totp.php')!;
    expect((init?.headers as Record<string, string>)['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('accepts a recovery code instead of the authenticator code', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': staffAuthRequired,
      'POST /api/admin/login.php': () => jsonResponse(200, { step: 'totp' }),
      'POST /api/admin/totp.php': () => jsonResponse(400, { error: 'totp_invalid', message: 'Deze code klopt niet' }),
    });
    await open('/admin/login');
    await userEvent.type(await screen.findByLabelText('E-mailadres'), 'anna@amoria.example');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'geheim');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Herstelcode gebruiken' }));
    await userEvent.type(screen.getByLabelText('Herstelcode'), 'abcd-efgh-ijkl');
    await userEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Deze code klopt niet');
    expect(commands(fetchMock).at(-1)?.body).toEqual({ recovery_code: 'abcd-efgh-ijkl' });
  });

  it('checks the login and the code in the browser before sending them', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': staffAuthRequired,
      'POST /api/admin/login.php': () => jsonResponse(200, { step: 'totp' }),
    });
    await open('/admin/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Inloggen' }));
    const email = screen.getByLabelText('E-mailadres');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Dit veld is verplicht.');
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.type(email, 'anna@amoria.example');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'geheim');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    const code = await screen.findByLabelText('Verificatiecode');
    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Vul de zes cijfers van de code in.'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(commands(fetchMock)).toHaveLength(1);
  });

  it('enrols the second factor on a first login and shows the recovery codes once', async () => {
    const codes = ['k3j4-h5g6-f7d8', 'a1b2-c3d4-e5f6'];
    serve(fetchMock, {
      'GET /api/admin/me.php': staffAuthRequired,
      'POST /api/admin/login.php': () =>
        jsonResponse(200, {
          step: 'enroll',
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/Amoria:anna@amoria.example?secret=JBSWY3DPEHPK3PXP&issuer=Amoria',
        }),
      'POST /api/admin/totp.php': () => jsonResponse(200, { staff: buildStaff(), recovery_codes: codes }),
      'GET /api/admin/dashboard.php': () => jsonResponse(200, buildDashboard()),
    });
    const { router } = await open('/admin/login');
    await userEvent.type(await screen.findByLabelText('E-mailadres'), 'anna@amoria.example');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'geheim');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));

    expect(await screen.findByRole('heading', { name: 'Tweestapsverificatie instellen' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR-code voor je authenticator-app' })).toBeInTheDocument();
    expect(screen.getByLabelText('Geheime sleutel')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await userEvent.type(screen.getByLabelText('Verificatiecode'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));

    const list = await screen.findByRole('list', { name: 'Herstelcodes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(screen.getByRole('button', { name: 'Codes kopiëren' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Codes downloaden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');

    await userEvent.click(screen.getByRole('button', { name: 'Ik heb ze bewaard, naar de console' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Overzicht', level: 1 })).toBeInTheDocument();
  });

  it('shows a moderator neither Settings nor the credit adjustment', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/member.php': () => jsonResponse(200, { member: buildMemberDetail() }),
    });
    await open('/admin/members/7');

    expect(await screen.findByRole('heading', { name: 'Piet', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Beheer' });
    expect(within(nav).getByRole('link', { name: 'Meldingen' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Instellingen' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Auditlog' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Credits aanpassen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account verwijderen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Blokkeren' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schaduwblokkade' })).toBeInTheDocument();
  });

  it("shows a member's gender and sexuality by their names, and the e-mail wrapping only at the @", async () => {
    const detail = buildMemberDetail();
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/member.php': () =>
        jsonResponse(200, {
          member: { ...detail, profile: { ...detail.profile!, gender: 'female', sexuality: 'hetero' } },
        }),
    });
    await open('/admin/members/7');

    expect(await screen.findByText('Vrouw · Hetero')).toBeInTheDocument();
    expect(screen.queryByText(/female/)).not.toBeInTheDocument();
    const email = screen.getByText((_, element) => element?.className === 'admin-email');
    expect(email).toHaveTextContent('piet@example.com');
    expect(email.querySelector('wbr')?.nextSibling?.textContent).toBe('@example.com');
  });

  it('warns on every page while members can mark their own orders paid, from the login on', async () => {
    const banner = 'Demobetalingen: leden kunnen hun eigen bestellingen als betaald markeren';
    let verified = false;
    serve(fetchMock, {
      'GET /api/admin/me.php': () =>
        verified ? jsonResponse(200, { staff: buildStaff(), demo_payments: true }) : staffAuthRequired(),
      'POST /api/admin/login.php': () => jsonResponse(200, { step: 'totp' }),
      'POST /api/admin/totp.php': () => {
        verified = true;
        return jsonResponse(200, { staff: buildStaff(), demo_payments: true });
      },
      'GET /api/admin/dashboard.php': () => jsonResponse(200, buildDashboard()),
      'GET /api/admin/member.php': () => jsonResponse(200, { member: buildMemberDetail() }),
    });
    const { router } = await open('/admin');
    await userEvent.type(await screen.findByLabelText('E-mailadres'), 'anna@amoria.example');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'geheim-wachtwoord');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await userEvent.type(await screen.findByLabelText('Verificatiecode'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));

    expect(await screen.findByRole('heading', { name: 'Overzicht', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(banner)).toHaveClass('alert-warning');
    await router.navigate('/admin/members/7');
    expect(await screen.findByRole('heading', { name: 'Piet', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(banner)).toBeInTheDocument();
  });

  it('shows no payments warning with a payment provider', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff(), demo_payments: false }),
      'GET /api/admin/member.php': () => jsonResponse(200, { member: buildMemberDetail() }),
    });
    await open('/admin/members/7');
    expect(await screen.findByRole('heading', { name: 'Piet', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/Demobetalingen/)).not.toBeInTheDocument();
  });

  it('bans a member with a reason after confirming', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/member.php': () => jsonResponse(200, { member: buildMemberDetail() }),
      'POST /api/admin/member-status.php': () =>
        jsonResponse(200, { member: buildMemberDetail({ moderation: 'banned', ban_reason: 'Spam in chats' }) }),
    });
    await open('/admin/members/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Blokkeren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lid blokkeren' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lid blokkeren' }));
    expect(within(dialog).getByText('Geef een reden van 3 tot 500 tekens.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reden'), 'Spam in chats');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lid blokkeren' }));

    expect(await screen.findByRole('button', { name: 'Blokkade opheffen' })).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([
      {
        path: '/api/admin/member-status.php',
        method: 'POST',
        body: { member_id: 7, action: 'ban', reason: 'Spam in chats' },
      },
    ]);
  });

  it('refuses an invalid setting in the browser and saves a valid one', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/sites.php': () => jsonResponse(200, { sites: [buildSite()] }),
      'PUT /api/admin/site.php': (body) =>
        jsonResponse(200, { site: buildSite({ settings: (body as { settings: never }).settings }) }),
    });
    await open('/admin/settings');

    const minAge = await screen.findByLabelText('Minimumleeftijd');
    await userEvent.clear(minAge);
    await userEvent.type(minAge, '16');
    await userEvent.click(screen.getByRole('button', { name: 'Instellingen opslaan' }));
    expect(await screen.findByText('De waarde moet minstens 18 zijn.')).toBeInTheDocument();
    expect(minAge).toHaveAttribute('aria-invalid', 'true');
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.clear(minAge);
    await userEvent.type(minAge, '21');
    await userEvent.click(screen.getByRole('switch', { name: 'Amerikaanse voettekst tonen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Instellingen opslaan' }));

    expect(await screen.findByText('Instellingen van amoria.example opgeslagen.')).toBeInTheDocument();
    const [put] = commands(fetchMock);
    expect(put?.path).toBe('/api/admin/site.php');
    expect(put?.method).toBe('PUT');
    const sent = put?.body as { id: number; settings: Record<string, unknown> };
    expect(sent.id).toBe(1);
    expect(sent.settings.min_age).toBe(21);
    expect(sent.settings.enable_us_footer).toBe(!buildSite().settings.enable_us_footer);
    expect(sent.settings.minimum_message_costs).toEqual(buildSite().settings.minimum_message_costs);
  });

  it('shows a problem in a row of the message costs at the costs, and sends nothing', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/sites.php': () => jsonResponse(200, { sites: [buildSite()] }),
    });
    await open('/admin/settings');

    const costs = await screen.findByRole('group', { name: 'Minimale berichtkosten per land' });
    const rows = within(costs).queryAllByLabelText(/^Land \d+$/).length;
    await userEvent.click(within(costs).getByRole('button', { name: 'Land toevoegen' }));
    await userEvent.type(within(costs).getByLabelText(`Land ${rows + 1}`), 'be');
    await userEvent.click(screen.getByRole('button', { name: 'Instellingen opslaan' }));

    await waitFor(() => expect(costs).toHaveAccessibleDescription('Dit veld is verplicht.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Niet alle velden zijn goed ingevuld');
    expect(commands(fetchMock)).toEqual([]);
  });

  it('edits the members’ texts per language: an English text changes English only, an emptied one goes', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/sites.php': () => jsonResponse(200, { sites: [buildSite()] }),
      'PUT /api/admin/site.php': (body) =>
        jsonResponse(200, { site: buildSite({ settings: (body as { settings: never }).settings }) }),
    });
    await open('/admin/settings');

    const plural = within(await screen.findByRole('group', { name: 'Naam (meervoud)' }));
    // It opens in the site's language, with the text the site has.
    expect(plural.getByLabelText('Naam (meervoud) (Nederlands)')).toHaveValue('fictieve profielen');
    await userEvent.selectOptions(plural.getByLabelText('Taal'), 'en');
    const english = plural.getByLabelText('Naam (meervoud) (English)');
    expect(english).toHaveValue('');
    await userEvent.type(english, 'made-up profiles');
    const title = within(screen.getByRole('group', { name: 'Titel van de startpagina' }));
    await userEvent.clear(title.getByLabelText('Titel van de startpagina (Nederlands)'));
    await userEvent.click(screen.getByRole('button', { name: 'Instellingen opslaan' }));

    expect(await screen.findByText('Instellingen van amoria.example opgeslagen.')).toBeInTheDocument();
    const sent = commands(fetchMock)[0]?.body as { settings: Record<string, unknown> };
    expect(sent.settings.fictional_plural).toEqual({ nl: 'fictieve profielen', en: 'made-up profiles' });
    expect(sent.settings.fictional_singular).toEqual(buildSite().settings.fictional_singular);
    expect(sent.settings.index_title).toEqual({});
  });

  it('shows a per-language text’s problem in its language', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/sites.php': () =>
        jsonResponse(200, {
          sites: [
            buildSite({ settings: { ...buildStoredSettings(), fictional_warning: { nl: 'Fictief.', de: 'A\u0000' } } }),
          ],
        }),
    });
    await open('/admin/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Instellingen opslaan' }));

    const warning = within(screen.getByRole('group', { name: 'Waarschuwingstekst' }));
    expect(await warning.findByLabelText('Waarschuwingstekst (Deutsch)')).toHaveAttribute('aria-invalid', 'true');
    expect(commands(fetchMock)).toEqual([]);
  });

  it('shows the server’s message at its settings field', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/sites.php': () => jsonResponse(200, { sites: [buildSite()] }),
      'PUT /api/admin/site.php': () =>
        jsonResponse(400, {
          error: 'validation_failed',
          message: 'Controleer de velden',
          fields: { 'settings.cdn_prefix': 'Dit is geen geldig adres' },
        }),
    });
    await open('/admin/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Instellingen opslaan' }));
    expect(await screen.findByText('Dit is geen geldig adres')).toBeInTheDocument();
    expect(screen.getByLabelText('CDN-voorvoegsel')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends an inbox reply with Enter and shows it in the thread', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/inbox-thread.php': () => jsonResponse(200, buildThread()),
      'GET /api/admin/inbox.php': () => jsonResponse(200, { threads: [] }),
      'POST /api/admin/inbox-reply.php': (body) =>
        jsonResponse(200, {
          message: {
            id: 101,
            from_fictional: true,
            kind: 'text',
            body: (body as { body: string }).body,
            gift_key: null,
            gift_name: null,
            image_url: null,
            created_at: new Date().toISOString(),
            staff_name: 'Anna',
          },
        }),
    });
    await open('/admin/inbox/5');

    const log = await screen.findByRole('log', { name: 'Berichten' });
    expect(within(log).getByText('Hoi Eva, hoe gaat het?')).toBeInTheDocument();
    const reply = screen.getByLabelText('Antwoord als Eva');
    await userEvent.type(reply, 'Goed hoor!{Shift>}{Enter}{/Shift}En met jou?');
    expect(reply).toHaveValue('Goed hoor!\nEn met jou?');
    await userEvent.type(reply, '{Enter}');

    expect(await within(log).findByText(/Goed hoor!\s+En met jou\?/)).toBeInTheDocument();
    expect(reply).toHaveValue('');
    expect(commands(fetchMock)).toEqual([
      {
        path: '/api/admin/inbox-reply.php',
        method: 'POST',
        body: { conversation_id: 5, body: 'Goed hoor!\nEn met jou?' },
      },
    ]);
  });

  it("names a member's gift in the console's language, not the operator's name for it", async () => {
    const gift = {
      ...buildThread().messages[0]!,
      id: 102,
      kind: 'gift',
      body: '',
      gift_key: 'rose',
      gift_name: 'Rose',
    };
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/inbox-thread.php': () => jsonResponse(200, buildThread({ messages: [gift] })),
      'GET /api/admin/inbox.php': () => jsonResponse(200, { threads: [] }),
    });
    await open('/admin/inbox/5');

    const log = await screen.findByRole('log', { name: 'Berichten' });
    expect(await within(log).findByText('Cadeau: Roos')).toBeInTheDocument();
  });

  it('goes back to its own login when the staff session ends', async () => {
    let loggedIn = true;
    serve(fetchMock, {
      'GET /api/admin/me.php': () => (loggedIn ? jsonResponse(200, { staff: buildStaff() }) : staffAuthRequired()),
      'GET /api/admin/dashboard.php': () => {
        loggedIn = false;
        return staffAuthRequired();
      },
    });
    const { router } = await open('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(await screen.findByRole('heading', { name: 'Inloggen als medewerker' })).toBeInTheDocument();
    // The member session is not touched.
    expect(queryClient.getQueryData(['user'])).toEqual({ user: null });
  });
});
