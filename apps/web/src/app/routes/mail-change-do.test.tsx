import { DISMISSAL_KEYS } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../data/query-keys';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';
import { jsonResponse } from '../../testing/api';

describe('the e-mail change confirmation page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('confirms the token once and shows the new address', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/email-change-do.php'
        ? jsonResponse(200, { email: 'sanne@nieuw.example' })
        : jsonResponse(200, { user: buildUser() }),
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await renderWithApp(appRoutes(queryClient), { path: '/mail-change/do?token=tok123', user: buildUser() });
    expect(await screen.findByText('Je e-mailadres is gewijzigd')).toBeInTheDocument();
    expect(screen.getByText('Vanaf nu gebruiken we sanne@nieuw.example.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar instellingen' })).toHaveAttribute('href', '/settings');
    const confirmations = fetchMock.mock.calls.filter(([path]) => path === '/api/email-change-do.php');
    expect(confirmations).toHaveLength(1);
    expect(JSON.parse(String(confirmations[0]![1]?.body))).toEqual({ token: 'tok123' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.account });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.user });
    invalidate.mockRestore();
  });

  it('shows the server message for a used or expired link', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { error: 'mail_change_token_invalid', message: 'Deze link is verlopen of al gebruikt.' }),
    );
    await renderWithApp(appRoutes(queryClient), { path: '/mail-change/do?token=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze link is verlopen of al gebruikt.');
    expect(screen.getByRole('link', { name: 'Naar instellingen' })).toHaveAttribute('href', '/settings');
  });

  it('shows the server message when the address was taken meanwhile', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, { error: 'email_in_use', message: 'Dit e-mailadres heeft al een account op deze site.' }),
    );
    await renderWithApp(appRoutes(queryClient), { path: '/mail-change/do?token=tok' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit e-mailadres heeft al een account op deze site.');
  });

  it('fails at once without a token', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/mail-change/do' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze link is niet compleet.');
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
