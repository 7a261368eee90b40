import { DISMISSAL_KEYS, type LanderResponse, type ProfileCard } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../../app/router';
import { queryClient } from '../../../../lib/query-client';
import { jsonResponse } from '../../../../testing/api';
import { renderWithApp } from '../../../../testing/render';

const WARNING = 'Dit profiel is fictief en wordt beheerd door ons team.';

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
    online: false,
    recently_active: true,
    active_this_week: true,
    verified: false,
    ...overrides,
  };
}

const EVA = card(9, 'Eva', { online: true, city: 'Haarlem' });
const POOL = [card(1, 'Anouk'), card(2, 'Bram'), card(3, 'Chantal')];

function lander(overrides: Partial<LanderResponse> = {}): LanderResponse {
  return { niche: 1, members: POOL, member: EVA, counts: { members: 1234, online: 56, today: 3 }, ...overrides };
}

/** The URL of the page's lander request. */
function landerUrl(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>): string {
  const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/lander.php'));
  return String(call?.[0]);
}

describe('the landing pages about one member', () => {
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

  it('puts the member in the spotlight with similar members, in the site niche, leading to their signup', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, lander({ niche: 6 })));
    await renderWithApp(appRoutes(queryClient), { path: '/members/9/landing', settings: { niche: 6 } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Eva wil je leren kennen' })).toBeInTheDocument();
    expect(screen.getByText('Eva, 39')).toBeInTheDocument();
    expect(screen.getByText('Haarlem')).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Antwoord Eva' })).toHaveAttribute('href', '/members/9/signup');
    const similar = screen.getByRole('region', { name: 'Meer leden zoals Eva' });
    expect(within(similar).getByRole('link', { name: /^Anouk, 31/ })).toHaveAttribute('href', '/members/1/signup');
    expect(landerUrl(fetchMock)).toBe('/api/lander.php?niche=6&member_id=9');
    await waitFor(() => expect(document.title).toBe('Eva wil je leren kennen | Amoria'));
  });

  it("shows a message waiting, in the slug's niche, with the way to read and answer it", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, lander({ niche: 2 })));
    await renderWithApp(appRoutes(queryClient), { path: '/members/9/landing2/she-nl' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Eva stuurde je een bericht' })).toBeInTheDocument();
    const chat = screen.getByRole('figure', { name: 'Voorbeeld van het gesprek met Eva' });
    expect(within(chat).getByText(/Ik zag je profiel/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lees en antwoord' })).toHaveAttribute('href', '/members/9/signup');
    expect(landerUrl(fetchMock)).toBe('/api/lander.php?niche=2&member_id=9');
  });

  it('moves landing2 without a slug to the canonical slug of the language and site niche', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, lander()));
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/members/9/landing2' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/9/landing2/nl'));
    expect(await screen.findByRole('link', { name: 'Lees en antwoord' })).toHaveAttribute('href', '/members/9/signup');
  });

  it("shows a match between the member and the visitor's silhouette", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, lander()));
    await renderWithApp(appRoutes(queryClient), { path: '/members/9/landing3/nl' });
    expect(await screen.findByRole('img', { name: 'Eva en jij' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Het is een match!' })).toBeInTheDocument();
    expect(screen.getByText('Eva, 39')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stuur Eva een bericht' })).toHaveAttribute('href', '/members/9/signup');
    await waitFor(() => expect(document.title).toBe('Match met Eva | Amoria'));
  });

  it.each([
    ['/members/9/landing', 'Antwoord Eva'],
    ['/members/9/landing2/nl', 'Lees en antwoord'],
    ['/members/9/landing3/nl', 'Stuur Eva een bericht'],
  ])('marks a site-run profile with the fictional icon and warning on %s', async (path, cta) => {
    fetchMock.mockImplementation(async () => jsonResponse(200, lander({ member: { ...EVA, fictional: true } })));
    await renderWithApp(appRoutes(queryClient), { path });
    await screen.findByRole('link', { name: cta });
    expect(screen.getByRole('img', { name: WARNING })).toBeInTheDocument();
    expect(screen.getByText(WARNING, { selector: '.ml-fictional span' })).toBeVisible();
  });

  it('leaves the fictional mark off a real profile', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, lander()));
    await renderWithApp(appRoutes(queryClient), { path: '/members/9/landing' });
    await screen.findByRole('link', { name: 'Antwoord Eva' });
    expect(screen.queryByRole('img', { name: WARNING })).not.toBeInTheDocument();
  });

  it.each(['/members/9/landing', '/members/9/landing2/nl', '/members/9/landing3/nl'])(
    'offers others of the pool and a general signup when the member cannot be shown, on %s',
    async (path) => {
      fetchMock.mockImplementation(async () => jsonResponse(200, lander({ member: null })));
      await renderWithApp(appRoutes(queryClient), { path });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Dit profiel is niet meer beschikbaar' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute('href', '/signup');
      const others = screen.getByRole('region', { name: 'Ontmoet anderen zoals zij' });
      expect(within(others).getAllByRole('link')).toHaveLength(3);
      await waitFor(() => expect(document.title).toBe('Dit profiel is niet meer beschikbaar | Amoria'));
    },
  );

  it("still leads to the member's signup when the lander cannot load", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(400, { error: 'validation_failed', message: 'x' }));
    await renderWithApp(appRoutes(queryClient), { path: '/members/9/landing3/nl' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Er wacht iemand op je' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Het profiel laadt nu even niet');
    expect(screen.getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute('href', '/members/9/signup');
  });

  it('shows the page whole once the lander has loaded, never half', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
    );
    const { container } = await renderWithApp(appRoutes(queryClient), { path: '/members/9/landing' });
    await waitFor(() => expect(landerUrl(fetchMock)).toContain('member_id=9'));
    expect(container.querySelector('.ml-spotlight')).toBeNull();
    answer(jsonResponse(200, lander()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Eva wil je leren kennen' })).toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
