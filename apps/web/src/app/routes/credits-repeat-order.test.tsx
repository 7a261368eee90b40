import { DISMISSAL_KEYS } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveForCheckout } from '../../features/payments/redirect';
import {
  buildBundles,
  named,
  buildOrder,
  commands,
  jsonResponse,
  serve,
} from '../../features/payments/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

vi.mock('../../features/payments/redirect', () => ({ leaveForCheckout: vi.fn() }));

const MEMBER = buildUser({ paid_user: true, credits: 3 });

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
  'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
  'GET /api/user.php': () => jsonResponse(200, { user: { ...MEMBER, credits: 103 } }),
};

/** The member bought the popular bundle with a card before; a later attempt failed. */
const HISTORY = {
  orders: [
    buildOrder({ id: 12, status: 'failed', bundle_id: 4, method: 'paypal' }),
    buildOrder({ id: 11, status: 'completed', bundle_id: 2, method: 'creditcard' }),
  ],
  movements: [],
};

describe('the repeat order', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await Promise.all([import('./credits-repeat-order'), import('./transactions')]);
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.mocked(leaveForCheckout).mockReset();
    vi.unstubAllGlobals();
  });

  it('buys the last completed bundle with its method in one step, charged at once', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/transactions.php': () => jsonResponse(200, HISTORY),
      'POST /api/repeat-order.php': () =>
        jsonResponse(200, {
          order: buildOrder({ id: 13, status: 'completed', method: 'creditcard' }),
          checkout_url: null,
        }),
      'GET /api/order.php': () => jsonResponse(200, { order: buildOrder({ id: 13, status: 'completed' }) }),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/credits/repeat-order', user: MEMBER });

    expect(await screen.findByText('100 credits')).toBeInTheDocument();
    expect(screen.getByText('Creditcard')).toBeInTheDocument();
    const buy = screen.getByRole('button', { name: named('Nu bijkopen voor € 17,95') });

    await userEvent.click(buy);
    expect(screen.getByText('Ga akkoord met de algemene voorwaarden om verder te gaan.')).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.click(screen.getByRole('checkbox', { name: /algemene voorwaarden/ }));
    await userEvent.click(buy);

    expect(await screen.findByRole('heading', { name: 'Betaling geslaagd' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transactions/13');
    expect(commands(fetchMock)).toEqual([{ path: '/api/repeat-order.php', method: 'POST', body: { terms: true } }]);
    expect(leaveForCheckout).not.toHaveBeenCalled();
  });

  it('goes through the checkout when the method keeps no mandate', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/transactions.php': () =>
        jsonResponse(200, { orders: [buildOrder({ id: 11, status: 'completed' })], movements: [] }),
      'POST /api/repeat-order.php': () =>
        jsonResponse(200, { order: buildOrder({ id: 14 }), checkout_url: '/demo-checkout/14' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/credits/repeat-order', user: MEMBER });

    await userEvent.click(await screen.findByRole('checkbox', { name: /algemene voorwaarden/ }));
    await userEvent.click(screen.getByRole('button', { name: named('Nu bijkopen voor € 17,95') }));
    await waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith('/demo-checkout/14'));
  });

  it('sends members without a previous purchase to the bundles', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/transactions.php': () =>
        jsonResponse(200, { orders: [buildOrder({ status: 'cancelled' })], movements: [] }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/credits/repeat-order', user: MEMBER });

    expect(await screen.findByRole('heading', { name: 'Nog geen eerdere aankoop' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bekijk de pakketten' })).toHaveAttribute('href', '/credits');
  });

  it("shows the server's refusal", async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/transactions.php': () => jsonResponse(200, HISTORY),
      'POST /api/repeat-order.php': () =>
        jsonResponse(400, { error: 'method_not_offered', message: 'Deze betaalmethode is hier niet beschikbaar.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/credits/repeat-order', user: MEMBER });

    await userEvent.click(await screen.findByRole('checkbox', { name: /algemene voorwaarden/ }));
    await userEvent.click(screen.getByRole('button', { name: named('Nu bijkopen voor € 17,95') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze betaalmethode is hier niet beschikbaar.');
  });
});
