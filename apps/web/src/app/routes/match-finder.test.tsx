import { DISMISSAL_KEYS, type MatchSuggestion } from '@app/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCard, jsonResponse, serve } from '../../features/members/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

function suggestion(id: number, name: string, reasons: MatchSuggestion['reasons']): MatchSuggestion {
  return { ...buildCard({ id, name }), reasons };
}

const SUGGESTIONS = {
  members: [
    suggestion(31, 'Eva', [{ code: 'interests', count: 3 }, { code: 'same_region' }, { code: 'online' }]),
    suggestion(32, 'Noor', [{ code: 'same_country' }, { code: 'age' }, { code: 'recently_active' }, { code: 'photo' }]),
  ],
};

describe('the match finder', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await import('./match-finder');
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.removeQueries({ queryKey: ['match-finder'] });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists the suggestions best first, each with its reasons in words', async () => {
    serve(fetchMock, { 'GET /api/match-finder.php': () => jsonResponse(200, SUGGESTIONS) });
    await renderWithApp(appRoutes(queryClient), { path: '/match-finder', user: buildUser() });
    const list = await screen.findByRole('list', { name: 'Voorstellen' });
    const cards = within(list).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/members/31', '/members/32']);
    const eva = screen.getByRole('list', { name: 'Waarom Eva bij je past' });
    expect(
      within(eva)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Gedeelde interesses: 3', 'Uit jouw regio', 'Nu online']);
    const noor = screen.getByRole('list', { name: 'Waarom Noor bij je past' });
    expect(
      within(noor)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Uit jouw land', 'Leeftijd past bij je', 'Onlangs actief', 'Heeft een foto']);
  });

  it('says so when there are no suggestions yet', async () => {
    serve(fetchMock, { 'GET /api/match-finder.php': () => jsonResponse(200, { members: [] }) });
    await renderWithApp(appRoutes(queryClient), { path: '/match-finder', user: buildUser() });
    expect(await screen.findByRole('heading', { name: 'Nog geen voorstellen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leden ontdekken' })).toHaveAttribute('href', '/members');
  });

  it('offers a retry when the suggestions do not load', async () => {
    serve(fetchMock, {
      'GET /api/match-finder.php': () => jsonResponse(400, { error: 'bad_request', message: 'Er ging iets mis.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/match-finder', user: buildUser() });
    expect(await screen.findByText('We konden de voorstellen niet laden.')).toBeInTheDocument();
    serve(fetchMock, { 'GET /api/match-finder.php': () => jsonResponse(200, SUGGESTIONS) });
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('list', { name: 'Voorstellen' })).toBeInTheDocument();
  });
});
