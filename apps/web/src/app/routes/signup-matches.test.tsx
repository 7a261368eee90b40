import { DISMISSAL_KEYS } from '@app/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCard, jsonResponse, serve } from '../../features/members/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

describe('the signup matches page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await import('./signup-matches');
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.removeQueries({ queryKey: ['signup-matches'] });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows people the new member might like, and goes on to the search', async () => {
    serve(fetchMock, {
      'GET /api/signup-matches.php': () =>
        jsonResponse(200, {
          members: [
            { ...buildCard({ id: 41, name: 'Iris', online: true }), reasons: [{ code: 'online' }, { code: 'photo' }] },
            { ...buildCard({ id: 42, name: 'Fleur', fictional: true }), reasons: [{ code: 'same_country' }] },
          ],
        }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/signup-matches', user: buildUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mensen die je misschien leuk vindt' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Mensen die je misschien leuk vindt' });
    expect(within(list).getByRole('link', { name: /Iris, 31, Utrecht, Nu online/ })).toHaveAttribute(
      'href',
      '/members/41',
    );
    expect(within(list).getByText('Nu online')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verder naar alle leden' })).toHaveAttribute('href', '/members');
  });

  it('still lets the member go on when there are no suggestions', async () => {
    serve(fetchMock, { 'GET /api/signup-matches.php': () => jsonResponse(200, { members: [] }) });
    await renderWithApp(appRoutes(queryClient), { path: '/signup-matches', user: buildUser() });
    expect(await screen.findByRole('heading', { name: 'We zoeken nog even' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verder naar alle leden' })).toHaveAttribute('href', '/members');
  });
});
