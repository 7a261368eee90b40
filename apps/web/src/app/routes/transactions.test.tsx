import { DISMISSAL_KEYS } from '@app/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMovement, buildOrder, jsonResponse, reads, serve } from '../../features/payments/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

const QUIET = {
  'GET /api/likes.php': () =>
    jsonResponse(200, {
      profiles: [],
      liked_by: [],
      matches: [],
      new_likes: 0,
      next: { given: null, received: null, matches: null },
    }),
  'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
  'GET /api/chats.php': () => jsonResponse(200, { chats: [] }),
};

const MEMBER = buildUser({ paid_user: true, credits: 5 });

function plain(element: HTMLElement): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe('the transactions pages', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await import('./transactions');
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists the orders with their status and the credit ledger with signed changes', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/transactions.php': () =>
        jsonResponse(200, {
          orders: [
            buildOrder({ id: 42, status: 'failed', method: 'paypal' }),
            buildOrder({ id: 41, status: 'completed', completed_at: '2026-02-14T19:31:00.000Z' }),
          ],
          movements: [
            buildMovement({ id: 3, delta: -10, reason: 'message', balance_after: 110 }),
            buildMovement({ id: 2, delta: 100, reason: 'purchase', balance_after: 120, order_id: 41 }),
            buildMovement({ id: 1, delta: 20, reason: 'signup', balance_after: 20 }),
          ],
        }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/transactions', user: MEMBER });

    const orders = await screen.findByRole('region', { name: 'Bestellingen' });
    const rows = within(orders).getAllByRole('link');
    expect(rows[0]).toHaveAttribute('href', '/transactions/42');
    expect(plain(rows[0]!)).toContain('PayPal');
    expect(plain(rows[0]!)).toContain('Mislukt');
    expect(plain(rows[1]!)).toContain('100 credits');
    expect(plain(rows[1]!)).toContain('14 feb 2026');
    expect(plain(rows[1]!)).toContain('€ 17,95');
    expect(within(rows[1]!).getByText('Betaald')).toHaveClass('status-chip--completed');

    const ledger = screen.getByRole('table', { name: 'Creditoverzicht' });
    const lines = within(ledger)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map(plain));
    expect(lines.map((cells) => cells.slice(1))).toEqual([
      ['Bericht', '-10', '110'],
      ['Aankoop', '+100', '120'],
      ['Welkomstcredits', '+20', '20'],
    ]);
    expect(within(ledger).getByRole('link', { name: 'Aankoop' })).toHaveAttribute('href', '/transactions/41');
  });

  it('invites to buy credits while there is nothing to list', async () => {
    serve(fetchMock, { ...QUIET, 'GET /api/transactions.php': () => jsonResponse(200, { orders: [], movements: [] }) });
    await renderWithApp(appRoutes(queryClient), { path: '/transactions', user: MEMBER });

    expect(await screen.findByRole('heading', { name: 'Nog geen transacties' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Credits kopen' })).toHaveAttribute('href', '/credits');
  });

  it('polls a pending order until it completes, then refreshes the balance', async () => {
    let polls = 0;
    serve(fetchMock, {
      ...QUIET,
      'GET /api/order.php': () => {
        polls += 1;
        return jsonResponse(200, {
          order: buildOrder({ id: 41, status: polls < 2 ? 'pending' : 'completed' }),
        });
      },
      'GET /api/user.php': () => jsonResponse(200, { user: { ...MEMBER, credits: 105 } }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/transactions/41', user: MEMBER });

    const status = await screen.findByRole('status');
    expect(await within(status).findByRole('heading', { name: 'We wachten op je betaling' })).toBeInTheDocument();
    expect(reads(fetchMock, '/api/user.php')).toEqual([]);

    expect(
      await within(status).findByRole('heading', { name: 'Betaling geslaagd' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(status).toHaveTextContent('Er zijn 100 credits bijgeschreven op je saldo.');
    expect(within(status).getByRole('link', { name: 'Leden ontdekken' })).toHaveAttribute('href', '/members');
    expect(reads(fetchMock, '/api/order.php')).toEqual(['/api/order.php?id=41', '/api/order.php?id=41']);
    await vi.waitFor(() => expect(reads(fetchMock, '/api/user.php')).toHaveLength(1));
    const details = screen.getByRole('region', { name: 'Bestelling 41' });
    expect(plain(details)).toContain('iDEAL');
    expect(plain(details)).toContain('€ 17,95');
  });

  it('offers a retry with the same method, or another method, after a failed or cancelled payment', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/order.php': (_body, url) =>
        jsonResponse(200, {
          order: buildOrder({
            id: Number(url.searchParams.get('id')),
            status: url.searchParams.get('id') === '5' ? 'failed' : 'cancelled',
          }),
        }),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/transactions/5', user: MEMBER });

    expect(await screen.findByRole('heading', { name: 'Betaling mislukt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Opnieuw betalen' })).toHaveAttribute('href', '/credits/2/ideal');
    expect(screen.getByRole('link', { name: 'Andere betaalmethode kiezen' })).toHaveAttribute('href', '/credits/2');

    await router.navigate('/transactions/6');
    expect(await screen.findByRole('heading', { name: 'Betaling geannuleerd' })).toBeInTheDocument();
    expect(screen.getByText(/Je hebt de betaling geannuleerd/)).toBeInTheDocument();
  });

  it('offers a retry or PayPal when a recurring credit-card charge was declined', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/order.php': () =>
        jsonResponse(200, {
          order: buildOrder({ id: 50, status: 'failed', method: 'creditcard', failure: 'recurring_declined' }),
        }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/transactions/50', user: MEMBER });

    expect(await screen.findByRole('heading', { name: 'Creditcardbetaling mislukt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Opnieuw betalen' })).toHaveAttribute('href', '/credits/2/creditcard');
    expect(screen.getByRole('link', { name: 'Betalen met PayPal' })).toHaveAttribute('href', '/credits/2/paypal');
  });

  it("says an order is not found when it is not the member's", async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/order.php': () => jsonResponse(404, { error: 'not_found', message: 'Niet gevonden' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/transactions/9', user: MEMBER });

    expect(await screen.findByRole('heading', { name: 'Bestelling niet gevonden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar je transacties' })).toHaveAttribute('href', '/transactions');
  });

  it('offers a retry when the status cannot be fetched', async () => {
    let fail = true;
    serve(fetchMock, {
      ...QUIET,
      'GET /api/order.php': () =>
        fail
          ? jsonResponse(400, { error: 'bad_request', message: 'Fout' })
          : jsonResponse(200, { order: buildOrder({ status: 'completed' }) }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/transactions/41', user: MEMBER });

    expect(await screen.findByRole('heading', { name: 'Status niet beschikbaar' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { name: 'Betaling geslaagd' })).toBeInTheDocument();
  });
});
