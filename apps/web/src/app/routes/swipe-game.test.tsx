import { DISMISSAL_KEYS, type SwipeCardsResponse } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCard, commands, jsonResponse, serve } from '../../features/members/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../data/query-keys';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

const LIMIT_MESSAGE = 'Je hebt vandaag al 4 likes gegeven in het spel. Morgen kun je weer verder.';

function deck(overrides: Partial<SwipeCardsResponse> = {}): SwipeCardsResponse {
  return {
    cards: [
      buildCard({ id: 12, name: 'Eva', age: 34, city: 'Haarlem', fictional: true }),
      buildCard({ id: 21, name: 'Lotte', age: 31 }),
      buildCard({ id: 33, name: 'Noor', age: 28 }),
      buildCard({ id: 44, name: 'Sanne', age: 40 }),
      buildCard({ id: 55, name: 'Iris', age: 36 }),
    ],
    likes_left: 4,
    limit: 4,
    ...overrides,
  };
}

/** The name on top of the stack. */
function topCard() {
  return screen.getAllByRole('heading', { level: 2 }).at(-1);
}

describe('the swipe game', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await import('./swipe-game');
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.removeQueries({ queryKey: queryKeys.swipe });
    queryClient.removeQueries({ queryKey: queryKeys.likes });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows a card with name, age, place and the fictional marker, and the likes left', async () => {
    serve(fetchMock, { 'GET /api/swipe.php': () => jsonResponse(200, deck({ likes_left: 3 })) });
    await renderWithApp(appRoutes(queryClient), { path: '/swipe-game', user: buildUser() });

    expect(await screen.findByRole('heading', { name: 'Eva, 34' })).toBeInTheDocument();
    expect(screen.getByText('Haarlem')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Dit profiel is fictief en wordt beheerd door ons team.' }).length).toBe(
      1,
    );
    expect(screen.getByText('Nog 3 van 4 likes vandaag')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Like/ })).toHaveAttribute('aria-keyshortcuts', 'ArrowRight');
    expect(screen.getByRole('button', { name: /Overslaan/ })).toHaveAttribute('aria-keyshortcuts', 'ArrowLeft');
  });

  it('likes with ArrowRight and passes with ArrowLeft', async () => {
    let left = 4;
    serve(fetchMock, {
      'GET /api/swipe.php': () => jsonResponse(200, deck()),
      'POST /api/swipe.php': (body) => {
        if ((body as { action: string }).action === 'like') left -= 1;
        return jsonResponse(200, { likes_left: left, match: false });
      },
    });
    await renderWithApp(appRoutes(queryClient), { path: '/swipe-game', user: buildUser() });
    await screen.findByRole('heading', { name: 'Eva, 34' });

    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(topCard()).toHaveTextContent('Lotte, 31'));
    expect(await screen.findByText('Nog 3 van 4 likes vandaag')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(topCard()).toHaveTextContent('Noor, 28'));

    expect(commands(fetchMock)).toEqual([
      { path: '/api/swipe.php', method: 'POST', body: { id: 12, action: 'like' } },
      { path: '/api/swipe.php', method: 'POST', body: { id: 21, action: 'pass' } },
    ]);
  });

  it('likes a card dragged far enough to the right and snaps back a short drag', async () => {
    serve(fetchMock, {
      'GET /api/swipe.php': () => jsonResponse(200, deck()),
      'POST /api/swipe.php': () => jsonResponse(200, { likes_left: 3, match: false }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/swipe-game', user: buildUser() });
    const card = (await screen.findByRole('heading', { name: 'Eva, 34' })).closest('.swipe-card')!;
    // jsdom has neither pointer events nor pointer capture: mouse events carry the coordinates.
    if (typeof window.PointerEvent === 'undefined') vi.stubGlobal('PointerEvent', MouseEvent);
    (card as HTMLElement).setPointerCapture = () => undefined;

    fireEvent.pointerDown(card, { clientX: 200, button: 0, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 240, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 240, pointerId: 1 });
    expect(commands(fetchMock)).toEqual([]);

    fireEvent.pointerDown(card, { clientX: 200, button: 0, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 350, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 350, pointerId: 1 });
    await waitFor(() => expect(topCard()).toHaveTextContent('Lotte, 31'));
    expect(commands(fetchMock)).toEqual([{ path: '/api/swipe.php', method: 'POST', body: { id: 12, action: 'like' } }]);
  });

  it('says so clearly at the daily limit, keeps the card and lets the member pass', async () => {
    serve(fetchMock, {
      'GET /api/swipe.php': () => jsonResponse(200, deck({ likes_left: 0 })),
      'POST /api/swipe.php': (body) =>
        (body as { action: string }).action === 'like'
          ? jsonResponse(409, { error: 'swipe_limit_reached', message: LIMIT_MESSAGE })
          : jsonResponse(200, { likes_left: 0, match: false }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/swipe-game', user: buildUser() });

    await userEvent.click(await screen.findByRole('button', { name: /Like/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(LIMIT_MESSAGE);
    expect(topCard()).toHaveTextContent('Eva, 34');

    await userEvent.click(screen.getByRole('button', { name: /Overslaan/ }));
    await waitFor(() => expect(topCard()).toHaveTextContent('Lotte, 31'));
  });

  it('celebrates a match with a way to write', async () => {
    serve(fetchMock, {
      'GET /api/swipe.php': () => jsonResponse(200, deck()),
      'POST /api/swipe.php': () => jsonResponse(200, { likes_left: 3, match: true }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/swipe-game', user: buildUser() });

    await userEvent.click(await screen.findByRole('button', { name: /Like/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Het is een match!' });
    expect(within(dialog).getByRole('link', { name: /Stuur Eva een bericht/ })).toHaveAttribute(
      'href',
      '/members/12/chat',
    );
  });

  it('fetches more cards as the stack runs low, and shows the empty state at the end', async () => {
    let loads = 0;
    serve(fetchMock, {
      'GET /api/swipe.php': () => {
        loads += 1;
        return jsonResponse(200, loads === 1 ? deck({ cards: deck().cards.slice(0, 2) }) : deck({ cards: [] }));
      },
      'POST /api/swipe.php': () => jsonResponse(200, { likes_left: 4, match: false }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/swipe-game', user: buildUser() });
    await screen.findByRole('heading', { name: 'Eva, 34' });
    await waitFor(() => expect(loads).toBe(2));

    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(topCard()).toHaveTextContent('Lotte, 31'));
    // The next card shows at once; the next key counts once the first swipe is stored.
    await waitFor(() => expect(screen.getByRole('button', { name: /Overslaan/ })).toBeEnabled());
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('heading', { name: 'Even geen nieuwe profielen' })).toBeInTheDocument();
  });
});
