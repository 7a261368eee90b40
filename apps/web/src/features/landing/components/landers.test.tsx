import { DISMISSAL_KEYS, type LanderResponse, type ProfileCard } from '@app/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../app/router';
import { queryClient } from '../../../lib/query-client';
import { jsonResponse } from '../../../testing/api';
import { renderWithApp } from '../../../testing/render';

function card(id: number, name: string, overrides: Partial<ProfileCard> = {}): ProfileCard {
  return {
    id,
    name,
    age: 30 + id,
    city: 'Utrecht',
    region_id: null,
    country: 'NL',
    thumb: `/media/${id}-thumb.webp`,
    match: `/media/${id}-match.webp`,
    fictional: false,
    online: id === 1,
    recently_active: true,
    active_this_week: true,
    verified: false,
    ...overrides,
  };
}

const POOL = [card(1, 'Anouk'), card(2, 'Bram', { fictional: true }), card(3, 'Chantal'), card(4, 'Daan')];

function lander(overrides: Partial<LanderResponse> = {}): LanderResponse {
  return { niche: 1, members: POOL, member: null, counts: { members: 1234, online: 56, today: 0 }, ...overrides };
}

describe('the landers', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.clear();
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("shows the niche's members, its true counts and the way to signup, in the niche's words", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, lander({ niche: 6 })));
    await renderWithApp(appRoutes(queryClient), { path: '/landers/gallery/milf-nl' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Blader door de galerij' })).toBeInTheDocument();
    expect(
      screen.getByText('Zelfverzekerde vrouwen van middelbare leeftijd die weten wat ze willen.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Anouk, 31, Utrecht, Online' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText('1.234 leden')).toBeInTheDocument();
    expect(screen.getByText('56 nu online')).toBeInTheDocument();
    // No member joined today: the page says nothing rather than "0".
    expect(screen.queryByText(/nieuw vandaag/)).not.toBeInTheDocument();
    // The site-run profile carries the fictional marker.
    const bram = screen.getByRole('link', { name: /^Bram/ }).closest('.lander-tile')!;
    expect(within(bram as HTMLElement).getByRole('img')).toHaveAccessibleName(expect.stringMatching(/\S/));
    const [url] = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/lander.php'))!;
    expect(url).toBe('/api/lander.php?niche=6');
  });

  it('still leads to signup when the members cannot load', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(500, { error: 'internal', message: 'x' }));
    await renderWithApp(appRoutes(queryClient), { path: '/landers/alonetonight/nl' });
    expect(await screen.findByText(/De profielen laden nu even niet/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Gratis aanmelden' })[0]).toHaveAttribute('href', '/signup');
  }, 20_000);

  it('swipes by keyboard and buttons and shows a match after three likes', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, lander()));
    await renderWithApp(appRoutes(queryClient), { path: '/landers/tinderswipe' });
    const first = await screen.findByRole('group', { name: /^Anouk, 31/ });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    screen.getByRole('group', { name: /^Bram/ }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.click(screen.getByRole('button', { name: 'Like Chantal' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Like Daan' }));
    const match = screen.getByRole('dialog', { name: 'Het is een match!' });
    expect(match).toHaveTextContent('Daan vindt jou ook leuk.');
    expect(within(match).getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute('href', '/signup');
  });

  it("shows a member's landing leading to their signup page, or others when they are gone", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, lander({ member: card(9, 'Eva') })));
    const view = await renderWithApp(appRoutes(queryClient), { path: '/members/9/landing3/nl' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Het is een match!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stuur Eva een bericht' })).toHaveAttribute('href', '/members/9/signup');
    view.unmount();
    queryClient.clear();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, lander({ member: null })));
    await renderWithApp(appRoutes(queryClient), { path: '/members/9/landing' });
    expect(await screen.findByRole('heading', { name: 'Dit profiel is niet meer beschikbaar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Anouk/ })).toBeInTheDocument();
  }, 20_000);
});
