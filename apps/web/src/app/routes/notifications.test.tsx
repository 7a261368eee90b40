import { DISMISSAL_KEYS, NOTIFICATION_TYPES } from '@app/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../data/query-keys';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';
import { jsonResponse, serve } from '../../testing/api';

describe('the notifications page', () => {
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

  it('shows every switch as the member set them, visits among them', async () => {
    const preferences = Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, type !== 'promotions' && type !== 'visits']),
    );
    // By path: the layout, shown around the page's skeleton, asks for its own data first.
    serve(fetchMock, {
      'GET /api/account.php': () =>
        jsonResponse(200, {
          account: { email: 'sanne@example.com', invisible: false, notification_preferences: preferences },
        }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/notifications', user: buildUser() });
    expect(await screen.findByRole('switch', { name: 'Aanbiedingen' })).not.toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(9);
    expect(screen.getByRole('switch', { name: 'Profielbezoekers' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Nieuwe berichten' })).toHaveAccessibleDescription(
      'Als er een nieuw bericht voor je is in een gesprek.',
    );
  });
});
