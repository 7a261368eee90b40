import { DISMISSAL_KEYS } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveForCheckout } from '../../features/payments/redirect';
import {
  buildBundles,
  buildDiscount,
  buildOrder,
  commands,
  jsonResponse,
  named,
  serve,
} from '../../features/payments/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

vi.mock('../../features/payments/redirect', () => ({ leaveForCheckout: vi.fn() }));

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
  'GET /api/discountcode.php': (_body: unknown, url: URL) =>
    url.searchParams.get('code') === 'LENTE20'
      ? jsonResponse(200, { discount: buildDiscount() })
      : jsonResponse(404, { error: 'code_not_found', message: 'Code niet gevonden' }),
};

/** A paid member: no welcome discount in the way. */
const MEMBER = buildUser({ paid_user: true });

function plain(element: HTMLElement): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ');
}

describe('the checkout page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await import('./payment-method');
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

  it('sums up the order and offers the methods as a labelled radio group that keeps the choice in the address', async () => {
    serve(fetchMock, QUIET);
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/credits/2', user: MEMBER });

    const summary = await screen.findByRole('region', { name: 'Je bestelling' });
    expect(plain(summary)).toContain('100 credits');
    expect(plain(summary)).toContain('Totaal€ 17,95');
    const methods = screen.getByRole('group', { name: 'Kies je betaalmethode' });
    const radios = within(methods).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent?.trim())).toEqual([
      'iDEAL',
      'Automatische incasso',
      'Creditcard',
      'PayPal',
      'Bankoverschrijving',
    ]);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);

    await userEvent.click(within(methods).getByRole('radio', { name: 'iDEAL' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits/2/ideal'));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'iDEAL' })).toBeChecked());

    // Arrow keys move through the group, as in any radio group.
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits/2/sdd'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits/2/creditcard'));
    expect(await screen.findByRole('button', { name: named('Betaal € 17,95 met Creditcard') })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Creditcard' })).toHaveFocus());
  });

  it('requires the terms, then places the order and leaves for the checkout', async () => {
    serve(fetchMock, {
      ...QUIET,
      'POST /api/order.php': () =>
        jsonResponse(200, { order: buildOrder({ id: 77 }), checkout_url: '/demo-checkout/77' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/credits/2/ideal', user: MEMBER });

    const terms = await screen.findByRole('checkbox', { name: /algemene voorwaarden/ });
    expect(screen.getByRole('link', { name: 'algemene voorwaarden' })).toHaveAttribute('href', '/pages/terms');
    expect(terms.closest('.form-check')).toHaveTextContent('(versie van 1 maart 2024)');

    await userEvent.click(screen.getByRole('button', { name: named('Betaal € 17,95 met iDEAL') }));
    expect(await screen.findByText('Ga akkoord met de algemene voorwaarden om verder te gaan.')).toBeInTheDocument();
    await waitFor(() => expect(terms).toHaveFocus());
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.click(terms);
    expect(screen.queryByText('Ga akkoord met de algemene voorwaarden om verder te gaan.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: named('Betaal € 17,95 met iDEAL') }));

    await waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith('/demo-checkout/77'));
    expect(commands(fetchMock)).toEqual([
      { path: '/api/order.php', method: 'POST', body: { bundle_id: 2, method: 'ideal', terms: true } },
    ]);
  });

  it('places one order for a double click, and pays with the method the address holds', async () => {
    let answer: (response: Response) => void = () => undefined;
    serve(fetchMock, {
      ...QUIET,
      'POST /api/order.php': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/credits/2/ideal', user: MEMBER });

    await userEvent.click(await screen.findByRole('checkbox', { name: /algemene voorwaarden/ }));
    // The address changes without the radios (a link, the back button): the order follows it.
    await router.navigate('/credits/2/paypal', { replace: true });
    const pay = await screen.findByRole('button', { name: named('Betaal € 17,95 met PayPal') });
    await userEvent.dblClick(pay);
    await waitFor(() => expect(commands(fetchMock)).toHaveLength(1));
    expect(pay).toBeDisabled();
    answer(jsonResponse(200, { order: buildOrder({ id: 79 }), checkout_url: '/demo-checkout/79' }));

    await waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith('/demo-checkout/79'));
    expect(commands(fetchMock)).toEqual([
      { path: '/api/order.php', method: 'POST', body: { bundle_id: 2, method: 'paypal', terms: true } },
    ]);
  });

  it('asks for a method before paying', async () => {
    serve(fetchMock, QUIET);
    await renderWithApp(appRoutes(queryClient), { path: '/credits/2', user: MEMBER });

    await userEvent.click(await screen.findByRole('button', { name: named('Betaal € 17,95') }));
    expect(screen.getByText('Kies een betaalmethode.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('radio')[0]).toHaveFocus());
    expect(commands(fetchMock)).toEqual([]);
  });

  it('sends an accepted discount code with the order and shows it taken off', async () => {
    serve(fetchMock, {
      ...QUIET,
      'POST /api/order.php': () =>
        jsonResponse(200, { order: buildOrder({ id: 78 }), checkout_url: 'https://pay.example/78' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/credits/2/paypal?code=LENTE20', user: MEMBER });

    const summary = await screen.findByRole('region', { name: 'Je bestelling' });
    await waitFor(() => expect(plain(summary)).toContain('Kortingscode LENTE20 (20%)'));
    expect(plain(summary)).toContain('Totaal€ 14,36');
    await userEvent.click(screen.getByRole('checkbox', { name: /algemene voorwaarden/ }));
    await userEvent.click(screen.getByRole('button', { name: named('Betaal € 14,36 met PayPal') }));

    await waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith('https://pay.example/78'));
    expect(commands(fetchMock)[0]?.body).toEqual({ bundle_id: 2, method: 'paypal', terms: true, code: 'LENTE20' });
  });

  it("shows the server's refusal of a code, and goes on without it", async () => {
    serve(fetchMock, {
      ...QUIET,
      'POST /api/order.php': () => jsonResponse(409, { error: 'code_used', message: 'Code reeds gebruikt' }),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), {
      path: '/credits/2/ideal?code=LENTE20',
      user: MEMBER,
    });

    await screen.findByText(/Kortingscode LENTE20/);
    await userEvent.click(screen.getByRole('checkbox', { name: /algemene voorwaarden/ }));
    await userEvent.click(screen.getByRole('button', { name: named('Betaal € 14,36 met iDEAL') }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Code reeds gebruikt');
    await userEvent.click(within(alert).getByRole('link', { name: 'Verder zonder kortingscode' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/credits/2/ideal');
    expect(await screen.findByRole('button', { name: named('Betaal € 17,95 met iDEAL') })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(leaveForCheckout).not.toHaveBeenCalled();
  });

  it("shows the server's field message about the code with the code's refusals, and its terms message at the box", async () => {
    let answer = 0;
    serve(fetchMock, {
      ...QUIET,
      'POST /api/order.php': () =>
        ++answer === 1
          ? jsonResponse(400, {
              error: 'validation_failed',
              message: 'Controleer de velden.',
              fields: { code: 'Deze code geldt vanaf € 20,00.' },
            })
          : jsonResponse(400, {
              error: 'validation_failed',
              message: 'Controleer de velden.',
              fields: { terms: 'Ga akkoord met de algemene voorwaarden.' },
            }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/credits/2/ideal?code=LENTE20', user: MEMBER });

    await screen.findByText(/Kortingscode LENTE20/);
    const terms = screen.getByRole('checkbox', { name: /algemene voorwaarden/ });
    await userEvent.click(terms);
    await userEvent.click(screen.getByRole('button', { name: named('Betaal € 14,36 met iDEAL') }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Deze code geldt vanaf € 20,00.');
    expect(within(alert).getByRole('link', { name: 'Verder zonder kortingscode' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: named('Betaal € 14,36 met iDEAL') }));
    await waitFor(() => expect(terms).toHaveAccessibleDescription('Ga akkoord met de algemene voorwaarden.'));
    await waitFor(() => expect(terms).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows any other refusal in the server's words", async () => {
    serve(fetchMock, {
      ...QUIET,
      'POST /api/order.php': () =>
        // The bundle was withdrawn while the page was open.
        jsonResponse(404, { error: 'not_found', message: 'Niet gevonden.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/credits/2/ideal', user: MEMBER });

    await userEvent.click(await screen.findByRole('checkbox', { name: /algemene voorwaarden/ }));
    await userEvent.click(screen.getByRole('button', { name: named('Betaal € 17,95 met iDEAL') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Niet gevonden.');
  });

  it('continues a direct debit on its own form instead of a provider checkout', async () => {
    serve(fetchMock, QUIET);
    await renderWithApp(appRoutes(queryClient), { path: '/credits/3/sdd', user: MEMBER });

    const next = await screen.findByRole('link', { name: 'Verder met automatische incasso' });
    expect(next).toHaveAttribute('href', '/directdebit?bundle=3');
    expect(screen.queryByRole('button', { name: /Betaal/ })).not.toBeInTheDocument();
  });

  it('says so when the bundle does not exist', async () => {
    serve(fetchMock, QUIET);
    await renderWithApp(appRoutes(queryClient), { path: '/credits/99', user: MEMBER });

    expect(await screen.findByRole('heading', { name: 'Dit pakket bestaat niet (meer)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bekijk de pakketten' })).toHaveAttribute('href', '/credits');
  });
});
