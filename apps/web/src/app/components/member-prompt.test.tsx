import { DISMISSAL_KEYS } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../features/profile/testing/api-stub';
import { applyLiveEvent } from '../../lib/live';
import { queryClient } from '../../lib/query-client';
import { removeBrowserPush, stubBrowserPush, SUBSCRIPTION_JSON } from '../../testing/browser-push';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

const PUSH_KEY = 'BAEC';

describe('the push alert', () => {
  const user = buildUser();

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    localStorage.setItem(DISMISSAL_KEYS.enrich, String(Date.now()));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    removeBrowserPush();
  });

  it('offers push to a member not asked yet, subscribes and stores the subscription, then goes away', async () => {
    const { pushManager } = stubBrowserPush('default', 'granted');
    const { sent } = stubApi(user, { 'POST /api/user.php': jsonResponse(200, { ok: true }) });
    await renderWithApp(appRoutes(queryClient), {
      path: '/lang-config',
      user,
      settings: { push_public_key: PUSH_KEY },
    });

    const alert = await screen.findByRole('region', { name: 'Mis geen bericht.' });
    await userEvent.click(screen.getByRole('button', { name: 'Meldingen aanzetten' }));
    await waitFor(() => expect(alert).not.toBeInTheDocument());
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(sent('POST', '/api/user.php')).toEqual([{ subscription: SUBSCRIPTION_JSON }]);
  });

  it('stays away once dismissed, with the dismissal stored under its own key', async () => {
    stubBrowserPush('default');
    stubApi(user, {});
    await renderWithApp(appRoutes(queryClient), {
      path: '/lang-config',
      user,
      settings: { push_public_key: PUSH_KEY },
    });
    const alert = await screen.findByRole('region', { name: 'Mis geen bericht.' });
    await userEvent.click(screen.getByRole('button', { name: 'Melding sluiten' }));
    expect(alert).not.toBeInTheDocument();
    expect(Number(localStorage.getItem(DISMISSAL_KEYS.push))).toBeGreaterThan(0);
  });

  it("stores this browser's existing subscription again for the member who logs in on it", async () => {
    const { pushManager } = stubBrowserPush('granted');
    await pushManager.subscribe();
    const { sent } = stubApi(user, { 'POST /api/user.php': jsonResponse(200, { ok: true }) });
    await renderWithApp(appRoutes(queryClient), {
      path: '/lang-config',
      user,
      settings: { push_public_key: PUSH_KEY },
    });
    await waitFor(() => expect(sent('POST', '/api/user.php')).toEqual([{ subscription: SUBSCRIPTION_JSON }]));
    expect(screen.queryByRole('region', { name: 'Mis geen bericht.' })).not.toBeInTheDocument();
  });

  it('does not show when the browser refused notifications', async () => {
    stubBrowserPush('denied');
    stubApi(user, {});
    await renderWithApp(appRoutes(queryClient), {
      path: '/lang-config',
      user,
      settings: { push_public_key: PUSH_KEY },
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mis geen bericht.' })).not.toBeInTheDocument();
  });
});

describe('one prompt at a time', () => {
  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    removeBrowserPush();
  });

  it('asks a member without a photo for one first, and offers push once that is dismissed', async () => {
    stubBrowserPush('default');
    stubApi(buildUser(), {});
    await renderWithApp(appRoutes(queryClient), {
      path: '/lang-config',
      user: buildUser(),
      settings: { push_public_key: PUSH_KEY },
    });
    const photo = await screen.findByRole('region', { name: 'Voeg een profielfoto toe.' });
    expect(screen.queryByRole('region', { name: 'Mis geen bericht.' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Melding sluiten' }));
    expect(photo).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Mis geen bericht.' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('region', { name: /./ }).filter((region) => region.closest('.member-prompt')),
    ).toHaveLength(1);
  });
});

describe('the verification outcome', () => {
  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    removeBrowserPush();
  });

  it('tells an approval before the standing prompts, and once closed tells the server it was seen', async () => {
    stubBrowserPush('default');
    const user = buildUser({ verification_notice: 'approved' });
    const { sent } = stubApi(user, { 'POST /api/verification-notice.php': jsonResponse(200, { ok: true }) });
    await renderWithApp(appRoutes(queryClient), {
      path: '/lang-config',
      user,
      settings: { push_public_key: PUSH_KEY },
    });

    const notice = await screen.findByRole('region', { name: 'Je profiel is geverifieerd.' });
    expect(notice).toHaveTextContent('Je draagt nu het vinkje');
    expect(screen.getByRole('link', { name: 'Bekijk je profiel' })).toHaveAttribute('href', '/profile');
    // The member has no photo and was never asked for push: those wait their turn.
    expect(screen.queryByRole('region', { name: 'Voeg een profielfoto toe.' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Melding sluiten' }));
    expect(notice).not.toBeInTheDocument();
    await waitFor(() => expect(sent('POST', '/api/verification-notice.php')).toEqual([{ outcome: 'approved' }]));
    expect(await screen.findByRole('region', { name: 'Voeg een profielfoto toe.' })).toBeInTheDocument();
    // Seen is the server's to keep, not this browser's.
    expect(Object.keys(localStorage).some((key) => /verif/i.test(key))).toBe(false);
  });

  it('sends a rejection to /profile for the reason, and is not shown there', async () => {
    const user = buildUser({
      verification_notice: 'rejected',
      profile: { id: 7, name: 'Sanne', country: 'NL', status: 'active', main_image: null },
    });
    stubApi(user, {});
    await renderWithApp(appRoutes(queryClient), { path: '/lang-config', user });
    const notice = await screen.findByRole('region', { name: 'Je verificatie is afgewezen.' });
    expect(notice).toHaveTextContent('Lees de reden op je profiel');
    expect(screen.getByRole('link', { name: 'Reden bekijken' })).toHaveAttribute('href', '/profile');
  });

  it('arrives live: the decision refetches the member, and the notice shows without a reload', async () => {
    let user = buildUser();
    stubApi(user, { 'GET /api/user.php': () => jsonResponse(200, { user }) });
    await renderWithApp(appRoutes(queryClient), { path: '/lang-config', user });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Je profiel is geverifieerd.' })).not.toBeInTheDocument();

    user = { ...user, verification_notice: 'approved' };
    applyLiveEvent(queryClient, { type: 'verification', outcome: 'approved' });
    expect(await screen.findByRole('region', { name: 'Je profiel is geverifieerd.' })).toBeInTheDocument();
  });
});

describe('the disabled-notifications alert', () => {
  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    localStorage.setItem(DISMISSAL_KEYS.enrich, String(Date.now()));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says why no e-mail goes out and turns e-mail back on', async () => {
    const disabled = buildUser({ notifications_disabled: ['listunsubscribe'] });
    let enabled = false;
    const { sent } = stubApi(disabled, {
      'POST /api/email-enable.php': () => {
        enabled = true;
        return jsonResponse(200, { ok: true });
      },
      'GET /api/user.php': () => jsonResponse(200, { user: enabled ? buildUser() : disabled }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/lang-config', user: disabled });

    const alert = await screen.findByRole('region', { name: 'We sturen je geen e-mails meer.' });
    expect(alert).toHaveTextContent('Je hebt je afgemeld voor onze e-mails.');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail weer aanzetten' }));
    expect(await screen.findByText('Je krijgt weer e-mails van ons.')).toBeInTheDocument();
    expect(sent('POST', '/api/email-enable.php')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Melding sluiten' }));
    expect(screen.queryByText('Je krijgt weer e-mails van ons.')).not.toBeInTheDocument();
  });

  it('names a bounce as the reason', async () => {
    const bounced = buildUser({ notifications_disabled: ['bounce'] });
    stubApi(bounced, {});
    await renderWithApp(appRoutes(queryClient), { path: '/lang-config', user: bounced });
    expect(await screen.findByRole('region', { name: 'We sturen je geen e-mails meer.' })).toHaveTextContent(
      'Onze e-mails kwamen niet aan op je e-mailadres.',
    );
  });

  it('is not shown while e-mail is on', async () => {
    const user = buildUser();
    stubApi(user, {});
    await renderWithApp(appRoutes(queryClient), { path: '/lang-config', user });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'We sturen je geen e-mails meer.' })).not.toBeInTheDocument();
  });
});
