import { defaultNotificationPreferences, DISMISSAL_KEYS } from '@app/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../app/router';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../data/query-keys';
import { buildUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { buildCard, commands, jsonResponse, serve } from '../testing/api-stub';

const ACCOUNT = {
  email: 'sanne@example.com',
  invisible: false,
  notification_preferences: defaultNotificationPreferences(),
};

describe('the blocked members on the settings page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.removeQueries({ queryKey: queryKeys.account });
    queryClient.removeQueries({ queryKey: queryKeys.blocks });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists whom the member blocked and unblocks one', async () => {
    let blocked = [buildCard(), buildCard({ id: 22, name: 'Noor', city: 'Delft' })];
    serve(fetchMock, {
      'GET /api/account.php': () => jsonResponse(200, { account: ACCOUNT }),
      'GET /api/blocks.php': () => jsonResponse(200, { members: blocked }),
      'DELETE /api/block.php': (body) => {
        blocked = blocked.filter((card) => card.id !== (body as { id: number }).id);
        return jsonResponse(200, { blocked: false });
      },
    });
    await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    const section = await screen.findByRole('region', { name: 'Geblokkeerde leden' }, { timeout: 5000 });
    expect(await within(section).findByRole('link', { name: 'Lotte, 31, Utrecht' })).toHaveAttribute(
      'href',
      '/members/21',
    );
    expect(within(section).getByRole('link', { name: 'Noor, 31, Delft' })).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Lotte deblokkeren' }));
    expect(await within(section).findByText('Lotte is gedeblokkeerd.')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: /Lotte/ })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Noor, 31, Delft' })).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([{ path: '/api/block.php', method: 'DELETE', body: { id: 21 } }]);
  });

  it('says so when nobody is blocked', async () => {
    serve(fetchMock, {
      'GET /api/account.php': () => jsonResponse(200, { account: ACCOUNT }),
      'GET /api/blocks.php': () => jsonResponse(200, { members: [] }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/settings', user: buildUser() });
    const section = await screen.findByRole('region', { name: 'Geblokkeerde leden' }, { timeout: 5000 });
    expect(await within(section).findByText('Je hebt niemand geblokkeerd')).toBeInTheDocument();
  });
});
