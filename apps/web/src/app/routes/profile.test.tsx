import { DISMISSAL_KEYS, GEOLOCATION_MAX_AGE, REQUEST_TYPE_HEADER, REQUEST_TYPE_VALUE } from '@app/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_FIELDS_SETTINGS,
  buildPhoto,
  buildProfile,
  jsonResponse,
  stubApi,
} from '../../features/profile/testing/api-stub';
import { GEOCODE_STORAGE_KEY } from '../../features/profile/rules';
import { queryClient } from '../../lib/query-client';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

// The page is a lazy route module with its own catalogue: on a busy machine the first render takes a while.
configure({ asyncUtilTimeout: 3000 });

const user = buildUser();

async function openProfile(settings = ALL_FIELDS_SETTINGS, member = user) {
  return renderWithApp(appRoutes(queryClient), { path: '/profile', user: member, settings });
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('the /profile page', () => {
  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('loads the profile and saves the basics with only what changed', async () => {
    const { sent } = stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }),
      'PUT /api/profile.php': jsonResponse(200, { profile: buildProfile({ name: 'Sanne B', sexuality: 'bi' }) }),
    });
    await openProfile();
    const name = await screen.findByRole('textbox', { name: 'Profielnaam' });
    expect(name).toHaveValue('Sanne');
    await userEvent.clear(name);
    await userEvent.type(name, 'Sanne B');
    await userEvent.click(within(section('Basisgegevens')).getByRole('radio', { name: 'Allebei' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Opgeslagen')).toBeInTheDocument();
    expect(sent('PUT', '/api/profile.php')).toEqual([{ name: 'Sanne B', sexuality: 'bi' }]);
  });

  it("shows the server's field message under the field", async () => {
    const message = 'Je profielnaam moet anders zijn dan je e-mailadres';
    stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }),
      'PUT /api/profile.php': jsonResponse(400, {
        error: 'validation_failed',
        message: 'Controleer je gegevens',
        fields: { name: message },
      }),
    });
    await openProfile();
    const name = await screen.findByRole('textbox', { name: 'Profielnaam' });
    await userEvent.clear(name);
    await userEvent.type(name, 'sanne@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(message);
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves options and interests, and the about text with its counter', async () => {
    const { sent } = stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }),
      'PUT /api/profile.php': ({ body }) => jsonResponse(200, { profile: buildProfile(JSON.parse(String(body))) }),
    });
    await openProfile();
    const details = await screen.findByRole('region', { name: 'Persoonlijke info' });
    await userEvent.selectOptions(within(details).getByRole('combobox', { name: 'Oogkleur' }), 'Groen');
    await userEvent.click(await within(details).findByRole('checkbox', { name: 'Wijn' }));
    await userEvent.click(within(details).getByRole('checkbox', { name: 'Muziek' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Opgeslagen')).toBeInTheDocument();
    expect(sent('PUT', '/api/profile.php')).toEqual([{ eye_color: 'green', interests: [3] }]);

    const about = within(section('Over mij')).getByRole('textbox', { name: 'Over mij' });
    expect(screen.getByText('20 / 2000 tekens')).toBeInTheDocument();
    await userEvent.type(about, ' En koken.');
    expect(screen.getByText('30 / 2000 tekens')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Opgeslagen')).toBeInTheDocument();
    expect(sent('PUT', '/api/profile.php')[1]).toEqual({ about: 'Ik hou van wandelen. En koken.' });
  });

  it('saves the edits of every card with the one save of the page, none left behind', async () => {
    const { sent } = stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }),
      'PUT /api/profile.php': ({ body }) => jsonResponse(200, { profile: buildProfile(JSON.parse(String(body))) }),
    });
    await openProfile();
    const about = within(await screen.findByRole('region', { name: 'Over mij' })).getByRole('textbox', {
      name: 'Over mij',
    });
    await userEvent.type(about, ' En koken.');
    const details = section('Persoonlijke info');
    await userEvent.selectOptions(within(details).getByRole('combobox', { name: 'Oogkleur' }), 'Groen');
    const name = within(section('Basisgegevens')).getByRole('textbox', { name: 'Profielnaam' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Sanne B');
    // One save for the page: a save button per card saved its own card and left the others' edits behind.
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Opgeslagen')).toBeInTheDocument();
    expect(sent('PUT', '/api/profile.php')).toEqual([
      { name: 'Sanne B', about: 'Ik hou van wandelen. En koken.', eye_color: 'green' },
    ]);
    expect(about).toHaveValue('Ik hou van wandelen. En koken.');
    expect(within(details).getByRole('combobox', { name: 'Oogkleur' })).toHaveValue('green');

    await userEvent.type(about, ' En lezen.');
    expect(screen.queryByText('Opgeslagen')).not.toBeInTheDocument();
  });

  it('shows only the fields the site makes visible', async () => {
    stubApi(user, { 'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }) });
    await openProfile({ visible_profile_fields: ['hair_color'], visible_profile_notes: false });
    const details = await screen.findByRole('region', { name: 'Persoonlijke info' });
    expect(within(details).getByRole('combobox', { name: 'Haarkleur' })).toBeInTheDocument();
    expect(within(details).queryByRole('combobox', { name: 'Oogkleur' })).not.toBeInTheDocument();
    expect(within(details).queryByRole('group', { name: 'Interesses' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Over mij' })).not.toBeInTheDocument();
  });

  it('uploads a photo as FormData and shows it, refreshing the user', async () => {
    const { calls, fetchMock } = stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }),
      'POST /api/photos.php': jsonResponse(200, { photos: [buildPhoto(11, 0)] }),
    });
    await openProfile();
    const file = new File(['jpeg'], 'vakantie.jpg', { type: 'image/jpeg' });
    await userEvent.upload(await screen.findByLabelText('Voeg je eerste foto toe'), file);
    expect(await screen.findByRole('img', { name: 'Jouw profielfoto (foto 1)' })).toHaveAttribute(
      'src',
      '/media/photos/11-thumb.webp',
    );
    const upload = calls.find((call) => call.method === 'POST')!;
    expect(upload.url.pathname).toBe('/api/photos.php');
    expect(upload.body).toBeInstanceOf(FormData);
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    const init = fetchMock.mock.calls.find(([, options]) => options?.method === 'POST')![1]!;
    expect(init.headers).toMatchObject({ [REQUEST_TYPE_HEADER]: REQUEST_TYPE_VALUE });
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(screen.getByText("1 van 3 foto's")).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/user.php')).toBe(true);
  });

  it("shows the server's message when the file is not an image", async () => {
    stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }),
      'POST /api/photos.php': jsonResponse(415, {
        error: 'photo_not_image',
        message: 'Dit bestand is geen afbeelding. Kies een JPEG-, PNG-, WebP-, GIF- of AVIF-foto.',
      }),
    });
    await openProfile();
    const file = new File(['hallo'], 'tekst.jpg', { type: 'image/jpeg' });
    await userEvent.upload(await screen.findByLabelText('Voeg je eerste foto toe'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit bestand is geen afbeelding.');
    expect(screen.queryByRole('img', { name: /Jouw profielfoto/ })).not.toBeInTheDocument();
  });

  it('invites a free member to premium at 3 of 3 photos, without an upload field', async () => {
    const photos = [buildPhoto(11, 0), buildPhoto(12, 1), buildPhoto(13, 2)];
    stubApi(user, { 'GET /api/profile.php': jsonResponse(200, { profile: buildProfile({ photos }) }) });
    await openProfile();
    expect(await screen.findByText("3 van 3 foto's")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bekijk premium' })).toHaveAttribute('href', '/premium');
    expect(screen.queryByLabelText('Foto toevoegen')).not.toBeInTheDocument();
  });

  it('sets the main photo, moves and deletes photos through /api/photos.php', async () => {
    const photos = [buildPhoto(11, 0), buildPhoto(12, 1)];
    const { sent } = stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, { profile: buildProfile({ photos }) }),
      'PUT /api/photos.php': ({ body }) => {
        const update = JSON.parse(String(body)) as { main?: number; order?: number[] };
        if (update.main) return jsonResponse(200, { photos: [buildPhoto(11, 0, false), buildPhoto(12, 1, true)] });
        return jsonResponse(200, { photos: [buildPhoto(12, 0, true), buildPhoto(11, 1, false)] });
      },
      'DELETE /api/photos.php': jsonResponse(200, { photos: [buildPhoto(12, 0, true)] }),
    });
    await openProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Maak foto 2 je profielfoto' }));
    expect(await screen.findByRole('img', { name: 'Jouw profielfoto (foto 2)' })).toBeInTheDocument();
    expect(sent('PUT', '/api/photos.php')).toEqual([{ main: 12 }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Foto 2 verwijderen' })).toHaveFocus());

    const moveRight = screen.getByRole('button', { name: 'Foto 1 naar rechts' });
    moveRight.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('img', { name: 'Jouw profielfoto (foto 1)' })).toBeInTheDocument();
    expect(sent('PUT', '/api/photos.php')[1]).toEqual({ order: [12, 11] });
    // Photo 1 moved to the end: its 'right' button is disabled there, so focus is on 'left'.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Foto 2 naar links' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Foto 2 verwijderen' }));
    const confirm = screen.getByRole('group', { name: 'Foto 2 verwijderen' });
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Annuleren' })).toHaveFocus());
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ja, verwijderen' }));
    expect(await screen.findByText("1 van 3 foto's")).toBeInTheDocument();
    expect(sent('DELETE', '/api/photos.php')).toEqual([{ id: 11 }]);
  });

  it('fills the location from the browser position through /api/geocode.php and stores the geocode', async () => {
    const geocode = { country: 'NL', region_id: 5, city: 'Utrecht', latitude: 52.0907, longitude: 5.1214 };
    const getCurrentPosition = vi.fn(
      (success: PositionCallback, _failure?: PositionErrorCallback, _options?: PositionOptions) =>
        success({ coords: { latitude: 52.0912, longitude: 5.1198 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { calls, sent } = stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }),
      'GET /api/geocode.php': jsonResponse(200, { geocode }),
      'PUT /api/profile.php': jsonResponse(200, { profile: buildProfile({ region_id: 5, city: 'Utrecht' }) }),
    });
    await openProfile();
    const location = await screen.findByRole('region', { name: 'Woonplaats' });
    await userEvent.click(within(location).getByRole('button', { name: 'Gebruik mijn locatie' }));
    expect(await within(location).findByText('Gevonden: Utrecht. Sla op om het te bewaren.')).toBeInTheDocument();
    expect(getCurrentPosition.mock.calls[0]![2]).toMatchObject({ maximumAge: GEOLOCATION_MAX_AGE });
    const lookup = calls.find((call) => call.url.pathname === '/api/geocode.php')!;
    expect(Object.fromEntries(lookup.url.searchParams)).toEqual({ lat: '52.0912', lon: '5.1198' });
    expect(within(location).getByRole('textbox', { name: 'Woonplaats' })).toHaveValue('Utrecht');
    expect(within(location).getByRole('combobox', { name: 'Provincie' })).toHaveValue('5');
    expect(JSON.parse(localStorage.getItem(GEOCODE_STORAGE_KEY)!)).toEqual(geocode);

    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Opgeslagen')).toBeInTheDocument();
    expect(sent('PUT', '/api/profile.php')).toEqual([
      { region_id: 5, city: 'Utrecht', latitude: 52.0907, longitude: 5.1214 },
    ]);
  });

  it('stores false and explains when no place is found', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 0, longitude: 0 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }),
      'GET /api/geocode.php': jsonResponse(404, {
        error: 'geocode_not_found',
        message: 'We konden geen plaats bij je locatie vinden.',
      }),
    });
    await openProfile();
    const location = await screen.findByRole('region', { name: 'Woonplaats' });
    await userEvent.click(within(location).getByRole('button', { name: 'Gebruik mijn locatie' }));
    expect(await within(location).findByText('We konden geen plaats bij je locatie vinden.')).toBeInTheDocument();
    expect(localStorage.getItem(GEOCODE_STORAGE_KEY)).toBe('false');
  });

  it('says when the browser cannot locate at all', async () => {
    stubApi(user, { 'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }) });
    await openProfile();
    const location = await screen.findByRole('region', { name: 'Woonplaats' });
    expect(within(location).getByRole('button', { name: 'Gebruik mijn locatie' })).toBeDisabled();
    expect(
      within(location).getByText('Je browser kan je locatie niet bepalen. Vul je woonplaats zelf in.'),
    ).toBeInTheDocument();
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    let attempts = 0;
    stubApi(user, {
      'GET /api/profile.php': () =>
        ++attempts === 1
          ? jsonResponse(400, {
              error: 'request_failed',
              message: 'Er is een fout opgetreden, probeer het later opnieuw.',
            })
          : jsonResponse(200, { profile: buildProfile() }),
    });
    await openProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent('Je profiel kon niet worden geladen');
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('textbox', { name: 'Profielnaam' })).toHaveValue('Sanne');
  });
});
