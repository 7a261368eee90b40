import { DISMISSAL_KEYS, type LikesResponse, type VisitorEntry, type VisitorsResponse } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, serve } from '../../testing/api';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../data/query-keys';
import { buildCard, buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

function visitor(id: number, name: string, overrides: Partial<VisitorEntry> = {}): VisitorEntry {
  return {
    id,
    last_visit: '2026-03-10T12:00:00.000Z',
    visits: 1,
    new: false,
    card: buildCard({ id, name }),
    ...overrides,
  };
}

function visitors(overrides: Partial<VisitorsResponse> = {}): VisitorsResponse {
  return { premium_required: false, visitors: [], total: 0, new_visitors: 0, next: null, ...overrides };
}

function likes(newVisitors: number): LikesResponse {
  return {
    profiles: [],
    liked_by: [],
    matches: [],
    new_likes: 0,
    new_visitors: newVisitors,
    next: { given: null, received: null, matches: null },
  };
}

describe('the visitors page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await import('./visitors');
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.removeQueries({ queryKey: queryKeys.visitors });
    queryClient.removeQueries({ queryKey: queryKeys.likes });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows a premium member who visited, newest first, and clears the badge once opened', async () => {
    serve(fetchMock, {
      'GET /api/visitors.php': (_, url) =>
        url.searchParams.get('before') === '1700000000000000_12'
          ? jsonResponse(200, visitors({ visitors: [visitor(31, 'Noor')], total: 3 }))
          : jsonResponse(
              200,
              visitors({
                visitors: [visitor(12, 'Eva', { new: true, visits: 3 }), visitor(21, 'Lotte')],
                total: 3,
                new_visitors: 1,
                next: '1700000000000000_12',
              }),
            ),
      'GET /api/likes.php': () => jsonResponse(200, likes(1)),
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
    });
    queryClient.setQueryData(queryKeys.likes, likes(1));
    await renderWithApp(appRoutes(queryClient), { path: '/visitors', user: buildUser({ paid_user: true }) });

    const list = await screen.findByRole('list', { name: 'Leden die je profiel bekeken' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Nieuw')).toBeInTheDocument();
    expect(within(items[0]!).getByText('3 keer')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: /^Eva/ })).toHaveAttribute('href', '/members/12');
    expect(screen.getByText('3 leden hebben je profiel bekeken')).toBeInTheDocument();
    // The top bar, the likes tabs and the phone menu each mark their link to the page as current.
    const current = screen.getAllByRole('link', { name: 'Bezoekers', current: 'page' });
    expect(current.map((link) => link.getAttribute('href'))).toEqual(current.map(() => '/visitors'));
    await waitFor(() => expect(queryClient.getQueryData<LikesResponse>(queryKeys.likes)?.new_visitors).toBe(0));

    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
  });

  it('shows a free member the count, blurred cards and the premium prompt, and no one', async () => {
    serve(fetchMock, {
      'GET /api/visitors.php': () => jsonResponse(200, visitors({ premium_required: true, total: 5, new_visitors: 2 })),
      'GET /api/likes.php': () => jsonResponse(200, likes(2)),
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
    });
    const { container } = await renderWithApp(appRoutes(queryClient), { path: '/visitors', user: buildUser() });

    expect(await screen.findByRole('heading', { name: 'Zie wie jou bekeek met Premium' })).toBeInTheDocument();
    expect(screen.getByText('5 leden hebben je profiel bekeken')).toBeInTheDocument();
    expect(screen.getByText('2 nieuw')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Word Premium' })).toHaveAttribute('href', '/premium');
    expect(container.querySelectorAll('.visitor-blurred')).toHaveLength(5);
    expect(screen.queryByRole('list', { name: 'Leden die je profiel bekeken' })).not.toBeInTheDocument();
  });

  it('invites to complete the profile while nobody visited', async () => {
    serve(fetchMock, {
      'GET /api/visitors.php': () => jsonResponse(200, visitors()),
      'GET /api/likes.php': () => jsonResponse(200, likes(0)),
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/visitors', user: buildUser({ paid_user: true }) });

    expect(await screen.findByRole('heading', { name: 'Nog geen bezoekers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar mijn profiel' })).toHaveAttribute('href', '/profile');
  });

  it('says when the visitors could not be loaded, and tries again', async () => {
    let fail = true;
    serve(fetchMock, {
      'GET /api/visitors.php': () =>
        fail ? jsonResponse(500, { error: 'internal_error', message: 'x' }) : jsonResponse(200, visitors()),
      'GET /api/likes.php': () => jsonResponse(200, likes(0)),
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/visitors', user: buildUser({ paid_user: true }) });

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Je bezoekers konden niet worden geladen.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { name: 'Nog geen bezoekers' })).toBeInTheDocument();
  });
});
