import { DISMISSAL_KEYS } from '@app/shared';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_FIELDS_SETTINGS,
  buildPhoto,
  buildProfile,
  jsonResponse,
  stubApi,
} from '../../features/profile/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { removeBrowserPush, stubBrowserPush, SUBSCRIPTION_JSON } from '../../testing/browser-push';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

// The page is a lazy route module with its own catalogue: on a busy machine the first render takes a while.
configure({ asyncUtilTimeout: 3000 });

const user = buildUser();

describe('the /complete-signup wizard', () => {
  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('walks forward, back and past skipped steps to the signup matches', async () => {
    const { sent } = stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }),
      'PUT /api/profile.php': ({ body }) => jsonResponse(200, { profile: buildProfile(JSON.parse(String(body))) }),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), {
      path: '/complete-signup',
      user,
      settings: ALL_FIELDS_SETTINGS,
    });

    expect(await screen.findByRole('heading', { name: 'Voeg een foto toe' })).toBeInTheDocument();
    expect(screen.getByText('Stap 1 van 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Volgende' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));

    const location = await screen.findByRole('heading', { name: 'Waar woon je?' });
    await waitFor(() => expect(location).toHaveFocus());
    expect(screen.getByText('Stap 2 van 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(await screen.findByRole('heading', { name: 'Voeg een foto toe' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }));

    expect(await screen.findByRole('heading', { name: 'Vertel iets over jezelf' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Avontuur' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan en verder' }));

    expect(await screen.findByRole('heading', { name: 'Schrijf iets over jezelf' })).toBeInTheDocument();
    expect(sent('PUT', '/api/profile.php')).toEqual([{ interests: [2, 1] }]);
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));

    expect(await screen.findByRole('heading', { name: 'Mis niets' })).toBeInTheDocument();
    expect(screen.getByText('Stap 5 van 5')).toBeInTheDocument();
    expect(screen.getByText(/Deze browser ondersteunt geen pushmeldingen/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Klaar, naar de leden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup-matches'));
  });

  it('moves on from the photo step once a photo is there', async () => {
    stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, { profile: buildProfile({ photos: [buildPhoto(11, 0)] }) }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/complete-signup', user, settings: ALL_FIELDS_SETTINGS });
    expect(await screen.findByRole('img', { name: 'Jouw profielfoto (foto 1)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Later' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByRole('heading', { name: 'Waar woon je?' })).toBeInTheDocument();
  });

  it('asks for notification permission where the browser offers it and subscribes this browser', async () => {
    const { requestPermission } = stubBrowserPush('default', 'granted');
    const { sent } = stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }),
      'POST /api/user.php': jsonResponse(200, { ok: true }),
    });
    await renderWithApp(appRoutes(queryClient), {
      path: '/complete-signup',
      user,
      settings: { visible_profile_fields: [], visible_profile_notes: false, push_public_key: 'BAEC' },
    });
    expect(await screen.findByText('Stap 1 van 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }));
    // The push alert above the page offers the same; the step's own button is the last one.
    const buttons = await screen.findAllByRole('button', { name: 'Meldingen aanzetten' });
    await userEvent.click(buttons[buttons.length - 1]!);
    expect(await screen.findByText('Je browser staat meldingen toe.')).toBeInTheDocument();
    expect(requestPermission).toHaveBeenCalled();
    expect(sent('POST', '/api/user.php')).toEqual([{ subscription: SUBSCRIPTION_JSON }]);
    removeBrowserPush();
  });

  it("asks an unconfirmed member once to confirm the e-mail: the layout's prompt, no other prompt or panel", async () => {
    const unconfirmed = buildUser({ status: 'not_confirmed', profile: { ...user.profile, status: 'disabled' } });
    stubApi(unconfirmed, { 'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }) });
    await renderWithApp(appRoutes(queryClient), {
      path: '/complete-signup?from=signup',
      user: unconfirmed,
      settings: ALL_FIELDS_SETTINGS,
    });
    const prompt = await screen.findByRole('region', { name: 'Bevestig je e-mailadres' });
    expect(prompt).toContainElement(screen.getByRole('button', { name: 'Stuur de e-mail opnieuw' }));
    expect(await screen.findByRole('heading', { name: 'Voeg een foto toe' })).toBeInTheDocument();
    expect(screen.getAllByText('Bevestig je e-mailadres')).toHaveLength(1);
    // No photo yet either, but one prompt at a time.
    expect(screen.queryByRole('region', { name: 'Voeg een profielfoto toe.' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on a phone straight from signup says it in a modal only, and the prompt takes over once it is closed', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const unconfirmed = buildUser({ status: 'not_confirmed', profile: { ...user.profile, status: 'disabled' } });
    stubApi(unconfirmed, { 'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }) });
    await renderWithApp(appRoutes(queryClient), {
      path: '/complete-signup?from=signup',
      user: unconfirmed,
      settings: ALL_FIELDS_SETTINGS,
    });
    const modal = await screen.findByRole('dialog', { name: 'Bevestig je e-mailadres' });
    expect(screen.queryByRole('region', { name: 'Bevestig je e-mailadres' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Begrepen' }));
    await waitFor(() => expect(modal).not.toBeInTheDocument());
    expect(await screen.findByRole('region', { name: 'Bevestig je e-mailadres' })).toBeInTheDocument();
  });
});
