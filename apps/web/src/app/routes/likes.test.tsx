import { DISMISSAL_KEYS, type LikeEntry, type LikesResponse } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCard, buildMember, commands, jsonResponse, serve } from '../../features/members/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../data/query-keys';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

function entry(id: number, name: string, overrides: Partial<LikeEntry> = {}): LikeEntry {
  return { id, like_new: false, match: false, card: buildCard({ id, name }), ...overrides };
}

function likes(overrides: Partial<LikesResponse> = {}): LikesResponse {
  return {
    profiles: [],
    liked_by: [],
    matches: [],
    new_likes: 0,
    new_visitors: 0,
    next: { given: null, received: null, matches: null },
    ...overrides,
  };
}

describe('the likes page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await import('./likes');
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.removeQueries({ queryKey: queryKeys.likes });
    queryClient.removeQueries({ queryKey: queryKeys.autoLike });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows who liked the member with the new ones marked, and the badge from new_likes', async () => {
    serve(fetchMock, {
      'GET /api/likes.php': () =>
        jsonResponse(200, {
          ...likes({
            liked_by: [entry(12, 'Eva', { like_new: true }), entry(21, 'Lotte')],
            new_likes: 120,
          }),
        }),
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/likes', user: buildUser() });

    const list = await screen.findByRole('list', { name: 'Leden die jou leuk vinden' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Nieuw')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Nieuw')).not.toBeInTheDocument();
    // A liker's profile opens under /likes/m/, which clears the new flag.
    expect(within(items[0]!).getByRole('link', { name: /^Eva/ })).toHaveAttribute('href', '/likes/m/12');
    expect(within(items[0]!).getByRole('button', { name: 'Like Eva' })).toHaveAttribute('aria-pressed', 'false');

    expect(screen.getByRole('link', { name: 'Ontvangen' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Gegeven' })).toHaveAttribute('href', '/likes/given');
    expect(screen.getAllByText('99+').length).toBeGreaterThan(0);
  });

  it('loads the next page of one list with its cursor', async () => {
    serve(fetchMock, {
      'GET /api/likes.php': (_, url) =>
        url.searchParams.get('list') === 'given'
          ? jsonResponse(200, likes({ profiles: [entry(31, 'Noor')] }))
          : jsonResponse(
              200,
              likes({
                profiles: [entry(12, 'Eva')],
                next: { given: '1700000000000_12', received: null, matches: null },
              }),
            ),
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/likes/given', user: buildUser() });

    await userEvent.click(await screen.findByRole('button', { name: 'Meer laden' }));
    const list = screen.getByRole('list', { name: 'Leden die jij leuk vindt' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const paged = fetchMock.mock.calls.map(([path]) => String(path)).find((path) => path.includes('list='));
    expect(paged).toBe('/api/likes.php?list=given&before=1700000000000_12');
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
    // Given likes open the member's own profile.
    expect(within(list).getAllByRole('link')[1]).toHaveAttribute('href', '/members/31');
  });

  it('invites to search or play when a list is empty', async () => {
    serve(fetchMock, {
      'GET /api/likes.php': () => jsonResponse(200, likes()),
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/likes/matches', user: buildUser() });

    expect(await screen.findByRole('heading', { name: 'Nog geen matches' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leden ontdekken' })).toHaveAttribute('href', '/members');
    expect(screen.getByRole('link', { name: /Speel het swipespel/ })).toHaveAttribute('href', '/swipe-game');
  });

  it('likes back at once and celebrates the match with a way to write', async () => {
    serve(fetchMock, {
      'GET /api/likes.php': () => jsonResponse(200, likes({ liked_by: [entry(12, 'Eva', { like_new: true })] })),
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
      'POST /api/like.php': () => jsonResponse(200, { liked: true, match: true }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/likes', user: buildUser() });

    await userEvent.click(await screen.findByRole('button', { name: 'Like Eva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Het is een match!' });
    expect(within(dialog).getByRole('link', { name: /Stuur Eva een bericht/ })).toHaveAttribute(
      'href',
      '/members/12/chat',
    );
    expect(commands(fetchMock)).toEqual([{ path: '/api/like.php', method: 'POST', body: { id: 12 } }]);
  });

  it('rolls a like back when the server refuses it', async () => {
    serve(fetchMock, {
      'GET /api/likes.php': () => jsonResponse(200, likes({ liked_by: [entry(12, 'Eva')] })),
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
      'POST /api/like.php': () =>
        jsonResponse(404, { error: 'not_found', message: 'Dit profiel is niet beschikbaar.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/likes', user: buildUser() });

    const heart = await screen.findByRole('button', { name: 'Like Eva' });
    await userEvent.click(heart);
    expect(await screen.findByText('Dit profiel is niet beschikbaar.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like Eva' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the daily auto-like as a toast and reloads the likes', async () => {
    let likesLoads = 0;
    serve(fetchMock, {
      'GET /api/likes.php': () => {
        likesLoads += 1;
        return jsonResponse(200, likes());
      },
      'GET /api/auto-like.php': () =>
        jsonResponse(200, { profile: buildCard({ id: 44, name: 'Sanne', fictional: true }) }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/likes', user: buildUser() });

    const toast = await screen.findByRole('link', { name: 'Sanne vindt jou leuk' });
    expect(toast).toHaveAttribute('href', '/members/44');
    await waitFor(() => expect(likesLoads).toBeGreaterThanOrEqual(2), { timeout: 3000 });
  });

  it('opens the like modal after t seconds, drops t from the address and leads to the profile', async () => {
    serve(fetchMock, {
      'GET /api/likes.php': () => jsonResponse(200, likes({ liked_by: [entry(12, 'Eva', { like_new: true })] })),
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
      'GET /api/member.php': () => jsonResponse(404, { error: 'not_found', message: 'Niet gevonden' }),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/likes?t=0', user: buildUser() });

    const dialog = await screen.findByRole('dialog', { name: 'Eva vindt jou leuk!' });
    expect(router.state.location.search).toBe('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bekijk Eva' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/12'));
  });

  it('likes and unlikes from the profile of a liker, whose opening clears the new-likes badge', async () => {
    let liked = false;
    let seen = false;
    serve(fetchMock, {
      'GET /api/likes.php': () =>
        jsonResponse(
          200,
          likes({
            liked_by: [entry(12, 'Eva', { like_new: !seen, match: liked })],
            profiles: liked ? [entry(12, 'Eva', { match: true })] : [],
            new_likes: seen ? 0 : 1,
          }),
        ),
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
      'GET /api/member.php': () => {
        seen = true;
        return jsonResponse(200, { member: buildMember({ id: 12, name: 'Eva' }) });
      },
      'POST /api/like.php': () => {
        liked = true;
        return jsonResponse(200, { liked: true, match: true });
      },
      'DELETE /api/like.php': () => {
        liked = false;
        return jsonResponse(200, { liked: false, match: false });
      },
    });
    await renderWithApp(appRoutes(queryClient), { path: '/likes/m/12', user: buildUser() });

    const like = await screen.findByRole('button', { name: 'Like' });
    await waitFor(() => expect(queryClient.getQueryData<LikesResponse>(queryKeys.likes)?.new_likes).toBe(0));
    await userEvent.click(like);
    const dialog = await screen.findByRole('dialog', { name: 'Het is een match!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verder kijken' }));
    const unlike = await screen.findByRole('button', { name: 'Geliked' });
    expect(unlike).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(unlike);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false'));
    expect(commands(fetchMock)).toEqual([
      { path: '/api/like.php', method: 'POST', body: { id: 12 } },
      { path: '/api/like.php', method: 'DELETE', body: { id: 12 } },
    ]);
  });
});
