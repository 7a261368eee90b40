import { DISMISSAL_KEYS } from '@app/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';
import { jsonResponse } from '../../testing/api';

describe('the account deleted page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('says the link is valid 14 days and sends it again, neutrally', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { ok: true }));
    await renderWithApp(appRoutes(queryClient), { path: '/account-deleted' });
    expect(await screen.findByText(/De link is 14 dagen geldig/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mailadres'), 'sanne@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Stuur de link opnieuw' }));
    expect(await screen.findByText(/dan is er een nieuwe link naar je onderweg/)).toBeInTheDocument();
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/reactivation.php');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'sanne@example.com' });
  });
});
