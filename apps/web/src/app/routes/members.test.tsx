import { DISMISSAL_KEYS, SEARCH_FIELDS } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCard, jsonResponse, serve } from '../../features/members/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

const REGIONS = {
  regions: {
    NL: {
      kind: 'province',
      regions: [
        { id: 7, country: 'NL', code: 'NL-UT', name: 'Utrecht' },
        { id: 8, country: 'NL', code: 'NL-NH', name: 'Noord-Holland' },
      ],
    },
    BE: { kind: 'region', regions: [{ id: 20, country: 'BE', code: 'BE-VLG', name: 'Vlaanderen' }] },
  },
};

const ALL_FILTERS = { search_fields: [...SEARCH_FIELDS] };

/** A page of cards with ids from `from`, as GET /api/members.php answers it. */
function page(from: number, count: number, next: string | null, similar = 0) {
  const cards = (start: number, n: number) =>
    Array.from({ length: n }, (_, index) => buildCard({ id: start + index, name: `Lid ${start + index}` }));
  return { members: cards(from, count), next, similar: cards(900, similar) };
}

/** The search queries the page sent, without the path. */
function searches(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/members.php')
    .map((url) => url.search);
}

describe('the member search page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await import('./members');
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.removeQueries({ queryKey: ['search'] });
    queryClient.removeQueries({ queryKey: ['regions'] });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the defaults it applies and the first page of results', async () => {
    serve(fetchMock, {
      'GET /api/members.php': () => jsonResponse(200, page(1, 3, null)),
      'GET /api/regions.php': () => jsonResponse(200, REGIONS),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members', user: buildUser(), settings: ALL_FILTERS });
    const results = await screen.findByRole('list', { name: 'Zoekresultaten' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(3);
    expect(within(results).getByRole('link', { name: /^Lid 1, 31, / })).toHaveAttribute('href', '/members/1');
    expect(within(results).getByRole('button', { name: 'Like Lid 1' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Geslacht' })).toHaveDisplayValue('Zoals in je profiel');
    expect(screen.getByRole('combobox', { name: 'Land' })).toHaveValue('NL');
    expect(screen.getByRole('combobox', { name: 'Vanaf leeftijd' })).toHaveValue('18');
    expect(screen.getByRole('combobox', { name: 'Tot en met leeftijd' })).toHaveValue('99');
    expect(await screen.findByRole('combobox', { name: 'Provincie' })).toBeEnabled();
    expect(screen.getByText('Je hebt alle profielen van deze zoekopdracht gezien.')).toBeInTheDocument();
    expect(screen.getByText('Zoekresultaten bijgewerkt.')).toHaveAttribute('role', 'status');
    expect(searches(fetchMock)).toEqual(['']);
  });

  it('folds the filters on phones into one line of what applies', async () => {
    serve(fetchMock, {
      'GET /api/members.php': () => jsonResponse(200, page(1, 1, null)),
      'GET /api/regions.php': () => jsonResponse(200, REGIONS),
    });
    await renderWithApp(appRoutes(queryClient), {
      path: '/members?countryregion=8&country=NL&min_age=30',
      user: buildUser(),
      settings: ALL_FILTERS,
    });
    const toggle = await screen.findByRole('button', {
      name: 'Zoekfilters Zoals in je profiel · Nederland · Noord-Holland · 30–99',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows only the filters the site allows', async () => {
    serve(fetchMock, { 'GET /api/members.php': () => jsonResponse(200, page(1, 2, null)) });
    await renderWithApp(appRoutes(queryClient), {
      path: '/members',
      user: buildUser(),
      settings: { search_fields: ['min_age', 'max_age'] },
    });
    await screen.findByRole('list', { name: 'Zoekresultaten' });
    expect(screen.queryByRole('combobox', { name: 'Geslacht' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Land' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Vanaf leeftijd' })).toBeInTheDocument();
  });

  it('puts a new search in the URL and asks the server for it', async () => {
    serve(fetchMock, {
      'GET /api/members.php': (_body, url) => jsonResponse(200, url.search ? page(50, 2, null) : page(1, 3, null)),
      'GET /api/regions.php': () => jsonResponse(200, REGIONS),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), {
      path: '/members',
      user: buildUser(),
      settings: ALL_FILTERS,
    });
    await screen.findByRole('link', { name: /Lid 1,/ });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Geslacht' }), 'Vrouwen');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Provincie' }), 'Utrecht');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Vanaf leeftijd' }), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByRole('link', { name: /Lid 50,/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?gender=female&country=NL&countryregion=7&min_age=25');
    expect(searches(fetchMock)).toContain('?gender=female&country=NL&countryregion=7&min_age=25');
    expect(screen.getByRole('combobox', { name: 'Geslacht' })).toHaveValue('female');

    // Back to the previous search, with its filters in the form.
    await router.navigate(-1);
    expect(await screen.findByRole('link', { name: /Lid 1,/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Geslacht' })).toHaveValue('');
  });

  it('searches verified members only, with the badge on their cards', async () => {
    serve(fetchMock, {
      'GET /api/members.php': (_body, url) =>
        jsonResponse(
          200,
          url.searchParams.get('verified') === '1'
            ? { members: [buildCard({ id: 60, name: 'Echt', verified: true })], next: null, similar: [] }
            : page(1, 2, null),
        ),
      'GET /api/regions.php': () => jsonResponse(200, REGIONS),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), {
      path: '/members',
      user: buildUser(),
      settings: ALL_FILTERS,
    });
    await screen.findByRole('link', { name: /Lid 1,/ });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alleen geverifieerde leden' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByRole('link', { name: /^Echt, .*, Geverifieerd$/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?verified=1');
    expect(searches(fetchMock)).toContain('?verified=1');
    expect(screen.getByRole('checkbox', { name: 'Alleen geverifieerde leden' })).toBeChecked();
  });

  it('reads a shared search from the URL', async () => {
    serve(fetchMock, {
      'GET /api/members.php': () => jsonResponse(200, page(1, 1, null)),
      'GET /api/regions.php': () => jsonResponse(200, REGIONS),
    });
    await renderWithApp(appRoutes(queryClient), {
      path: '/members?country=BE&max_age=40',
      user: buildUser(),
      settings: ALL_FILTERS,
    });
    await screen.findByRole('list', { name: 'Zoekresultaten' });
    expect(screen.getByRole('combobox', { name: 'Land' })).toHaveValue('BE');
    expect(screen.getByRole('combobox', { name: 'Tot en met leeftijd' })).toHaveValue('40');
    expect(await screen.findByRole('combobox', { name: 'Regio' })).toBeInTheDocument();
    expect(searches(fetchMock)).toEqual(['?country=BE&max_age=40']);
  });

  it('refuses an age range that runs backwards before asking the server', async () => {
    serve(fetchMock, { 'GET /api/members.php': () => jsonResponse(200, page(1, 1, null)) });
    await renderWithApp(appRoutes(queryClient), {
      path: '/members',
      user: buildUser(),
      settings: { search_fields: ['min_age', 'max_age'] },
    });
    await screen.findByRole('list', { name: 'Zoekresultaten' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Vanaf leeftijd' }), '50');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tot en met leeftijd' }), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('De minimumleeftijd is hoger dan de maximumleeftijd.');
    expect(searches(fetchMock)).toEqual(['']);
  });

  it('loads the next page with the cursor', async () => {
    serve(fetchMock, {
      'GET /api/members.php': (_body, url) =>
        jsonResponse(200, url.searchParams.get('cursor') === 'c2' ? page(25, 2, null) : page(1, 24, 'c2')),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members', user: buildUser() });
    const results = await screen.findByRole('list', { name: 'Zoekresultaten' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(24);
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(26));
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
    expect(searches(fetchMock)).toEqual(['', '?cursor=c2']);
  });

  it('shows similar profiles under their own heading when few were found', async () => {
    serve(fetchMock, { 'GET /api/members.php': () => jsonResponse(200, page(1, 1, null, 3)) });
    await renderWithApp(appRoutes(queryClient), { path: '/members', user: buildUser() });
    const similar = await screen.findByRole('region', { name: 'Vergelijkbare profielen' });
    expect(within(similar).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Vergelijkbare profielen' })).toBeInTheDocument();
  });

  it('shows the empty state when nobody was found', async () => {
    serve(fetchMock, { 'GET /api/members.php': () => jsonResponse(200, page(1, 0, null)) });
    await renderWithApp(appRoutes(queryClient), { path: '/members?min_age=90', user: buildUser() });
    expect(await screen.findByRole('heading', { name: 'Nog geen resultaten' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Standaardfilters' }).length).toBeGreaterThan(0);
  });

  it('offers a retry when the search fails', async () => {
    serve(fetchMock, {
      'GET /api/members.php': () => jsonResponse(400, { error: 'bad_request', message: 'Er ging iets mis.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members', user: buildUser() });
    expect(await screen.findByText('Er ging iets mis.')).toBeInTheDocument();
    serve(fetchMock, { 'GET /api/members.php': () => jsonResponse(200, page(1, 2, null)) });
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('list', { name: 'Zoekresultaten' })).toBeInTheDocument();
  });

  it('invites a visitor to sign up when the site lets only members search', async () => {
    serve(fetchMock, {});
    await renderWithApp(appRoutes(queryClient), {
      path: '/members',
      user: null,
      settings: { logged_out_search: false },
    });
    expect(await screen.findByRole('heading', { name: 'Meld je aan om leden te zoeken' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: 'Zoeken' })).not.toBeInTheDocument();
    expect(searches(fetchMock)).toEqual([]);
  });

  it('shows the signup prompt when the server refuses a visitor without a traffic source', async () => {
    serve(fetchMock, {
      'GET /api/members.php': () =>
        jsonResponse(403, { error: 'authentication_required', message: 'Log in om verder te gaan.' }),
    });
    await renderWithApp(appRoutes(queryClient), {
      path: '/members',
      user: null,
      settings: { logged_out_search: false, logged_out_search_trafficsource: true },
    });
    expect(await screen.findByRole('heading', { name: 'Meld je aan om leden te zoeken' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('list', { name: 'Zoekresultaten' })).not.toBeInTheDocument();
  });

  it('lets a visitor search when the site allows it, with both genders by default', async () => {
    serve(fetchMock, { 'GET /api/members.php': () => jsonResponse(200, page(1, 2, null)) });
    await renderWithApp(appRoutes(queryClient), {
      path: '/members',
      user: null,
      settings: { logged_out_search: true },
    });
    const results = await screen.findByRole('list', { name: 'Zoekresultaten' });
    expect(screen.getByRole('combobox', { name: 'Geslacht' })).toHaveDisplayValue('Mannen en vrouwen');
    // Liking needs an account: a visitor's cards have no heart.
    expect(within(results).queryByRole('button', { name: /^Like / })).not.toBeInTheDocument();
  });
});
