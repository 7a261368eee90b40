import { DISMISSAL_KEYS, type ProfileCard as ProfileCardData } from '@app/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../data/query-keys';
import { renderWithApp } from '../testing/render';
import { jsonResponse, serve } from '../testing/api';
import { buildCard } from '../testing/factories';
import { ProfileCard } from './profile-card';

const WARNING = 'Dit profiel is fictief en wordt beheerd door ons team.';

function renderCard(card: ProfileCardData, variant: 'tile' | 'row' = 'tile') {
  return renderWithApp([{ path: '/', element: <ProfileCard card={card} variant={variant} /> }]);
}

describe('ProfileCard', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.removeQueries({ queryKey: queryKeys.regions });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('is one link to the profile, named by name, age and place', async () => {
    serve(fetchMock, {});
    await renderCard(buildCard());
    const link = await screen.findByRole('link', { name: 'Lotte, 31, Utrecht' });
    expect(link).toHaveAttribute('href', '/members/21');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(link.querySelector('img')).toHaveAttribute('src', '/media/photos/210-match.webp');
    expect(link.querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.queryByRole('img', { name: WARNING })).not.toBeInTheDocument();
  });

  it('shows the verified badge and says so in the link', async () => {
    serve(fetchMock, {});
    await renderCard(buildCard({ verified: true, online: true, recently_active: true }));
    expect(
      await screen.findByRole('link', { name: 'Lotte, 31, Utrecht, Geverifieerd, Nu online' }),
    ).toBeInTheDocument();
    expect(screen.getByTitle('Geverifieerd')).toBeInTheDocument();
  });

  it('shows no badge for a member without one', async () => {
    serve(fetchMock, {});
    await renderCard(buildCard());
    await screen.findByRole('link', { name: 'Lotte, 31, Utrecht' });
    expect(screen.queryByTitle('Geverifieerd')).not.toBeInTheDocument();
  });

  it('says whether the member is online or was active lately', async () => {
    serve(fetchMock, {});
    await renderCard(buildCard({ online: true, recently_active: true }));
    expect(await screen.findByRole('link', { name: 'Lotte, 31, Utrecht, Nu online' })).toBeInTheDocument();
  });

  it('carries the fictional marker with the warning as its name and tooltip', async () => {
    serve(fetchMock, {});
    await renderCard(buildCard({ fictional: true, recently_active: true }));
    expect(await screen.findByRole('link', { name: 'Lotte, 31, Utrecht, Vandaag actief' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: WARNING })).toHaveAttribute('title', WARNING);
  });

  it('names the region without a city, and the country without either', async () => {
    serve(fetchMock, {
      'GET /api/regions.php': () =>
        jsonResponse(200, {
          regions: {
            NL: { kind: 'province', regions: [{ id: 5, country: 'NL', code: 'NL-NH', name: 'Noord-Holland' }] },
          },
        }),
    });
    const view = await renderCard(buildCard({ city: null, region_id: 5 }));
    expect(await screen.findByRole('link', { name: 'Lotte, 31, Noord-Holland' })).toBeInTheDocument();
    view.unmount();
    await renderCard(buildCard({ city: null, region_id: null, thumb: null, match: null }), 'row');
    const link = await screen.findByRole('link', { name: 'Lotte, 31, Nederland' });
    expect(link.querySelector('img')).toBeNull();
  });
});
