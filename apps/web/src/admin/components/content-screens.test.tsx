import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InterestsResponse, Photo, PhotoReviewQueueResponse, ReviewPhoto, SiteProfile } from '@app/shared';
import { buildStaff, commands, jsonResponse, openConsole, serve, stubConsoleFetch } from '../testing/api-stub';

const fetchMock = stubConsoleFetch();

const open = openConsole;

function reviewPhoto(overrides: Partial<ReviewPhoto> = {}): ReviewPhoto {
  return {
    id: 7,
    member_id: 70,
    member_name: 'Lotte',
    domain: 'localhost',
    review: 'pending',
    is_main: true,
    created_at: '2025-01-02T10:00:00.000Z',
    url: '/media/a-main.webp',
    thumb_url: '/media/a-thumb.webp',
    ...overrides,
  };
}

function queue(): PhotoReviewQueueResponse {
  return { photos: [reviewPhoto()], next: null };
}

/** The server's cursor: the last photo's time as PostgreSQL writes it, and its id. */
const CURSOR = '2025-01-02 10:00:00.123+00|7';

/** Two pages of the queue: Lotte's photo, then Mila's after the cursor. */
function pagedQueue(url: URL) {
  return url.searchParams.get('after') === CURSOR
    ? jsonResponse(200, { photos: [reviewPhoto({ id: 8, member_id: 80, member_name: 'Mila' })], next: null })
    : jsonResponse(200, { photos: [reviewPhoto()], next: CURSOR });
}

/** The pages read from the queue, by their `after` cursor (null for the first page). */
const queueCursors = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === 'GET')
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/photo-review.php')
    .map((url) => url.searchParams.get('after'));

const INTERESTS: InterestsResponse = {
  interests: [
    { id: 1, key: 'music', icon: 'music' },
    { id: 2, key: 'travelling', icon: 'travelling' },
    { id: 3, key: 'cooking', icon: 'cooking' },
  ],
};

/** Photos in the given order, the first one main, as the server answers after an arrangement. */
function photosInOrder(ids: number[]): Photo[] {
  return ids.map((id, position) => ({
    id,
    position,
    is_main: position === 0,
    filename: `/media/${id}.webp`,
    thumb_filename: `/media/${id}-thumb.webp`,
    match: `/media/${id}-match.webp`,
  }));
}

function siteProfile(overrides: Partial<SiteProfile> = {}): SiteProfile {
  return {
    id: 41,
    domain: 'localhost',
    fictional: true,
    name: 'Sanne',
    gender: 'female',
    sexuality: 'hetero',
    birth_date: '1994-03-02',
    age: 31,
    about: '',
    country: 'NL',
    region_id: null,
    city: 'Utrecht',
    hair_color: null,
    eye_color: null,
    body_type: null,
    relationship_status: null,
    tattoos: null,
    reason: null,
    interests: [],
    photos: [],
    photo_limit: 3,
    waiting: 2,
    ...overrides,
  };
}

describe('PhotoReviewScreen', () => {
  it('shows the waiting photos and approves one with a labelled button', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/photo-review.php': () => jsonResponse(200, queue()),
      'POST /api/admin/photo-review.php': () => jsonResponse(200, { ok: true }),
    });
    await open('/admin/photo-review');

    expect(await screen.findByRole('img', { name: 'Foto van Lotte' })).toHaveAttribute('src', '/media/a-thumb.webp');
    expect(screen.getByText('Verborgen tot goedkeuring')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Foto van Lotte afkeuren' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Foto van Lotte goedkeuren' }));

    await waitFor(() =>
      expect(commands(fetchMock)).toEqual([
        { path: '/api/admin/photo-review.php', method: 'POST', body: { photo_id: 7, decision: 'approve' } },
      ]),
    );
    expect(await screen.findByText("Er wachten geen foto's op controle.")).toBeInTheDocument();
  });

  it('loads the next page after the cursor, shows its photos and drops the button at the end', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/photo-review.php': (_body, url) => pagedQueue(url),
      'POST /api/admin/photo-review.php': () => jsonResponse(200, { ok: true }),
    });
    await open('/admin/photo-review');

    expect(await screen.findByRole('img', { name: 'Foto van Lotte' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Foto van Mila' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));

    expect(await screen.findByRole('img', { name: 'Foto van Mila' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto van Lotte' })).toBeInTheDocument();
    expect(queueCursors()).toEqual([null, CURSOR]);
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();

    // A photo of the second page leaves the grid when decided, as one of the first does.
    await userEvent.click(screen.getByRole('button', { name: 'Foto van Mila afkeuren' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Foto van Mila' })).not.toBeInTheDocument());
    expect(commands(fetchMock)).toEqual([
      { path: '/api/admin/photo-review.php', method: 'POST', body: { photo_id: 8, decision: 'reject' } },
    ]);
    expect(screen.getByRole('img', { name: 'Foto van Lotte' })).toBeInTheDocument();
  });

  it('keeps offering the next page once every loaded photo is decided', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/photo-review.php': (_body, url) => pagedQueue(url),
      'POST /api/admin/photo-review.php': () => jsonResponse(200, { ok: true }),
    });
    await open('/admin/photo-review');
    await userEvent.click(await screen.findByRole('button', { name: 'Foto van Lotte goedkeuren' }));

    await waitFor(() => expect(screen.queryByRole('img', { name: 'Foto van Lotte' })).not.toBeInTheDocument());
    expect(screen.queryByText("Er wachten geen foto's op controle.")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByRole('img', { name: 'Foto van Mila' })).toBeInTheDocument();
    expect(queueCursors()).toEqual([null, CURSOR]);
  });

  it('moves keyboard focus on to the next photo when one is decided, and to the main area after the last', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/photo-review.php': (_body, url) => pagedQueue(url),
      'POST /api/admin/photo-review.php': () => jsonResponse(200, { ok: true }),
    });
    await open('/admin/photo-review');
    await userEvent.click(await screen.findByRole('button', { name: 'Meer laden' }));
    await screen.findByRole('img', { name: 'Foto van Mila' });

    screen.getByRole('button', { name: 'Foto van Lotte goedkeuren' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Foto van Mila goedkeuren' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    expect(await screen.findByText("Er wachten geen foto's op controle.")).toBeInTheDocument();
  });

  it('shows a failed next page with a retry that loads it', async () => {
    let failures = 1;
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/photo-review.php': (_body, url) =>
        url.searchParams.has('after') && failures-- > 0
          ? jsonResponse(400, { error: 'validation_failed', message: 'De lijst kon niet worden geladen' })
          : pagedQueue(url),
    });
    await open('/admin/photo-review');
    await userEvent.click(await screen.findByRole('button', { name: 'Meer laden' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('De lijst kon niet worden geladen');
    expect(screen.getByRole('img', { name: 'Foto van Lotte' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));

    expect(await screen.findByRole('img', { name: 'Foto van Mila' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(queueCursors()).toEqual([null, CURSOR, CURSOR]);
  });

  it('shows the empty state and is not open to support', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/photo-review.php': () => jsonResponse(200, { photos: [], next: null }),
    });
    await open('/admin/photo-review');
    expect(await screen.findByText("Er wachten geen foto's op controle.")).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Beheer' });
    expect(within(nav).getByRole('link', { name: "Foto's controleren" })).toBeInTheDocument();
  });
});

describe('SiteProfilesScreen', () => {
  it('lists the site-run profiles with their waiting conversations and a link to the inbox', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/site-profiles.php': () =>
        jsonResponse(200, {
          profiles: [
            {
              id: 41,
              domain: 'localhost',
              name: 'Sanne',
              gender: 'female',
              age: 31,
              country: 'NL',
              city: 'Utrecht',
              thumb_url: null,
              waiting: 2,
              fictional: true,
            },
          ],
          next: null,
        }),
    });
    await open('/admin/site-profiles');
    expect(await screen.findByRole('link', { name: 'Sanne' })).toHaveAttribute('href', '/admin/site-profiles/41');
    expect(screen.getByRole('link', { name: '2 gesprekken van Sanne wachten: open de inbox' })).toHaveAttribute(
      'href',
      '/admin/inbox',
    );
  });

  it('creates a profile from the labelled form and opens it', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'POST /api/admin/site-profile.php': () => jsonResponse(201, { profile: siteProfile() }),
      'GET /api/admin/site-profile.php': () => jsonResponse(200, { profile: siteProfile() }),
      'GET /api/admin/site-profiles.php': () => jsonResponse(200, { profiles: [], next: null }),
      'GET /api/interests.php': () => jsonResponse(200, INTERESTS),
    });
    const { router } = await open('/admin/site-profiles/new');

    await userEvent.clear(await screen.findByLabelText('Site (domein)'));
    await userEvent.type(screen.getByLabelText('Site (domein)'), 'localhost');
    await userEvent.type(screen.getByLabelText('Naam'), 'Sanne');
    await userEvent.type(screen.getByLabelText('Geboortedatum'), '1994-03-02');
    await userEvent.type(screen.getByLabelText('Plaats'), 'Utrecht');
    await userEvent.selectOptions(screen.getByLabelText('Oogkleur'), 'blue');
    const interests = screen.getByRole('group', { name: 'Interesses' });
    await userEvent.click(within(interests).getByRole('checkbox', { name: 'Koken' }));
    await userEvent.click(within(interests).getByRole('checkbox', { name: 'Muziek' }));
    await userEvent.click(screen.getByRole('button', { name: 'Profiel aanmaken' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/site-profiles/41'));
    const [created] = commands(fetchMock);
    expect(created).toMatchObject({
      path: '/api/admin/site-profile.php',
      method: 'POST',
      body: {
        domain: 'localhost',
        name: 'Sanne',
        gender: 'female',
        birth_date: '1994-03-02',
        country: 'NL',
        city: 'Utrecht',
        eye_color: 'blue',
        hair_color: null,
        interests: [1, 3],
      },
    });
    expect(await screen.findByRole('heading', { name: "Foto's (0 van 3)" })).toBeInTheDocument();
  });

  it("checks a new profile before sending it and puts the server's field messages on their fields", async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'POST /api/admin/site-profile.php': () =>
        jsonResponse(400, {
          error: 'validation_failed',
          message: 'Controleer de invoer',
          fields: { domain: 'Deze site bestaat niet.' },
        }),
      'GET /api/admin/site-profiles.php': () => jsonResponse(200, { profiles: [], next: null }),
      'GET /api/interests.php': () => jsonResponse(200, INTERESTS),
      'GET /api/regions.php': () =>
        jsonResponse(200, {
          regions: {
            NL: { kind: 'province', regions: [{ id: 9, country: 'NL', code: 'NL-UT', name: 'Utrecht' }] },
            BE: { kind: 'province', regions: [{ id: 20, country: 'BE', code: 'BE-VAN', name: 'Antwerpen' }] },
          },
        }),
    });
    await open('/admin/site-profiles/new');

    const name = await screen.findByLabelText('Naam');
    // Another country's regions are not this one's: a region chosen goes with the country.
    const region = screen.getByLabelText('Regio');
    await userEvent.selectOptions(region, await screen.findByRole('option', { name: 'Utrecht' }));
    await userEvent.selectOptions(screen.getByLabelText('Land'), 'BE');
    expect(region).toHaveValue('');
    expect(within(region).getByRole('option', { name: 'Antwerpen' })).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-required', 'true');
    await userEvent.type(screen.getByLabelText('Geboortedatum'), '1994-03-02');
    await userEvent.click(screen.getByRole('button', { name: 'Profiel aanmaken' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Dit veld is verplicht.'));
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.type(name, 'Sanne');
    await userEvent.click(screen.getByRole('button', { name: 'Profiel aanmaken' }));
    const domain = screen.getByLabelText('Site (domein)');
    await waitFor(() => expect(domain).toHaveAccessibleDescription('Deze site bestaat niet.'));
    expect(domain).toHaveFocus();
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(commands(fetchMock)).toHaveLength(1);
  });

  it('shows the saved interests by their names and saves the changed choice', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/site-profile.php': () => jsonResponse(200, { profile: siteProfile({ interests: [2] }) }),
      'PUT /api/admin/site-profile.php': () => jsonResponse(200, { profile: siteProfile({ interests: [1] }) }),
      'GET /api/admin/site-profiles.php': () => jsonResponse(200, { profiles: [], next: null }),
      'GET /api/interests.php': () => jsonResponse(200, INTERESTS),
    });
    await open('/admin/site-profiles/41');

    const interests = await screen.findByRole('group', { name: 'Interesses' });
    expect(await within(interests).findByRole('checkbox', { name: 'Reizen' })).toBeChecked();
    expect(within(interests).getByRole('checkbox', { name: 'Muziek' })).not.toBeChecked();
    await userEvent.click(within(interests).getByRole('checkbox', { name: 'Reizen' }));
    await userEvent.click(within(interests).getByRole('checkbox', { name: 'Muziek' }));
    await userEvent.click(screen.getByRole('button', { name: 'Profiel opslaan' }));

    await waitFor(() =>
      expect(commands(fetchMock)).toEqual([
        expect.objectContaining({
          path: '/api/admin/site-profile.php',
          method: 'PUT',
          body: expect.objectContaining({ id: 41, interests: [1] }),
        }),
      ]),
    );
  });

  it('reorders the photos with buttons, the first one becoming the main photo', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/site-profile.php': () =>
        jsonResponse(200, { profile: siteProfile({ photos: photosInOrder([10, 11, 12]) }) }),
      'POST /api/admin/site-profile-photos.php': (body) =>
        jsonResponse(200, { photos: photosInOrder(body!.order as number[]) }),
      'GET /api/admin/site-profiles.php': () => jsonResponse(200, { profiles: [], next: null }),
      'GET /api/interests.php': () => jsonResponse(200, INTERESTS),
    });
    await open('/admin/site-profiles/41');

    expect(await screen.findByRole('button', { name: 'foto 1 van Sanne naar voren' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'foto 3 van Sanne naar achteren' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'foto 3 van Sanne naar voren' }));

    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'foto 2 van Sanne' })).toHaveAttribute('src', '/media/12-thumb.webp'),
    );
    // The moved photo keeps the keyboard focus in its new place.
    await waitFor(() => expect(screen.getByRole('button', { name: 'foto 2 van Sanne naar voren' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Maak foto 3 van Sanne de hoofdfoto' }));

    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'foto 1 van Sanne' })).toHaveAttribute('src', '/media/11-thumb.webp'),
    );
    expect(commands(fetchMock)).toEqual([
      { path: '/api/admin/site-profile-photos.php', method: 'POST', body: { id: 41, order: [10, 12, 11], main: 10 } },
      { path: '/api/admin/site-profile-photos.php', method: 'POST', body: { id: 41, order: [11, 10, 12], main: 11 } },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'foto 1 van Sanne naar achteren' })).toHaveFocus());
  });

  it("moves keyboard focus to the next photo's delete button when one is deleted, and to the heading after the last", async () => {
    let photos = [10, 11];
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/site-profile.php': () =>
        jsonResponse(200, { profile: siteProfile({ photos: photosInOrder(photos) }) }),
      'POST /api/admin/site-profile-photo-delete.php': (body) => {
        photos = photos.filter((id) => id !== body!.photo_id);
        return jsonResponse(200, { photos: photosInOrder(photos) });
      },
      'GET /api/admin/site-profiles.php': () => jsonResponse(200, { profiles: [], next: null }),
      'GET /api/interests.php': () => jsonResponse(200, INTERESTS),
    });
    await open('/admin/site-profiles/41');

    (await screen.findByRole('button', { name: 'foto 1 van Sanne verwijderen' })).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'foto 1 van Sanne' })).toHaveAttribute('src', '/media/11-thumb.webp'),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'foto 1 van Sanne verwijderen' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: /Foto's/ })).toHaveFocus());
  });
});
