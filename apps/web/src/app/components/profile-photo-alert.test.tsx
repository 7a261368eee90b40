import { DISMISSAL_KEYS } from '@app/shared';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildProfile, jsonResponse, stubApi } from '../../features/profile/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

// The page is a lazy route module with its own catalogue: on a busy machine the first render takes a while.
configure({ asyncUtilTimeout: 3000 });

const user = buildUser();

describe('the profile-photo alert', () => {
  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    stubApi(user, { 'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }) });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks a member without a photo to add one, links to /profile and stays away once dismissed', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/complete-signup', user });
    const alert = await screen.findByRole('region', { name: 'Voeg een profielfoto toe.' });
    expect(screen.getByRole('link', { name: 'Foto toevoegen' })).toHaveAttribute('href', '/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Melding sluiten' }));
    expect(alert).not.toBeInTheDocument();
    expect(Number(localStorage.getItem(DISMISSAL_KEYS.enrich))).toBeGreaterThan(0);
  });

  it('does not show on the profile page itself', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/profile', user });
    expect(await screen.findByRole('textbox', { name: 'Profielnaam' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Voeg een profielfoto toe.' })).not.toBeInTheDocument();
  });
});
