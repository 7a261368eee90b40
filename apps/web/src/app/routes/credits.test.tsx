import { DISMISSAL_KEYS } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBundles, buildDiscount, jsonResponse, reads, serve } from '../../features/payments/testing/api-stub';
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

/** discountcode.php as the server answers it: the welcome variant, and the codes it knows. */
function discountCodes(welcome: boolean) {
  return (_body: unknown, url: URL) => {
    if (url.searchParams.get('welcome') === 'true') {
      return welcome
        ? jsonResponse(200, { discount: buildDiscount({ code: 'TIMEBONUS25', value_percentage: 25, percentage: 25 }) })
        : jsonResponse(404, { error: 'code_not_found', message: 'Code niet gevonden' });
    }
    const code = url.searchParams.get('code');
    if (code === 'LENTE20') return jsonResponse(200, { discount: buildDiscount() });
    if (code === 'GEBRUIKT') return jsonResponse(409, { error: 'code_used', message: 'Code reeds gebruikt' });
    return jsonResponse(404, { error: 'code_not_found', message: 'Code niet gevonden' });
  };
}

/** A card's text with Intl's no-break spaces as plain ones. */
function textOf(element: HTMLElement): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ');
}

describe('the credits page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await Promise.all([import('./credits'), import('./pricing'), import('./premium')]);
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('names the company with its support phone cleaned of dashes and spaces, as text and as the number it dials', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'GET /api/discountcode.php': discountCodes(false),
    });
    await renderWithApp(appRoutes(queryClient), {
      path: '/credits',
      user: buildUser({ paid_user: true }),
      company: { support_phone: '+31 20-123 45 67' },
    });

    const assurance = await screen.findByRole('complementary', { name: 'Veilig betalen' });
    expect(within(assurance).getByRole('link', { name: '+31201234567' })).toHaveAttribute('href', 'tel:+31201234567');
  });

  it('shows the four bundles by tier, the popular one marked, with price per credit and a way to each checkout', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'GET /api/discountcode.php': discountCodes(false),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/credits', user: buildUser({ paid_user: true, credits: 8 }) });

    const grid = await screen.findByRole('list', { name: 'Creditpakketten' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards.map((card) => card.className)).toEqual([
      'bundle-card bundle-card--p0',
      'bundle-card bundle-card--p1 bundle-card--popular',
      'bundle-card bundle-card--p2',
      'bundle-card bundle-card--p3',
    ]);
    expect(within(cards[1]!).getByText('Meest gekozen')).toBeInTheDocument();
    expect(textOf(cards[0]!)).toContain('€ 9,95');
    expect(textOf(cards[0]!)).toContain('€ 0,20 per credit');
    expect(textOf(cards[2]!)).toContain('Bespaar 19%');
    expect(within(cards[0]!).queryByRole('deletion')).not.toBeInTheDocument();
    expect(within(cards[1]!).getByRole('link', { name: /^Kiezen ?, pakket met 100 credits$/ })).toHaveAttribute(
      'href',
      '/credits/2',
    );
    expect(screen.getByText('Je saldo: 8 credits')).toBeInTheDocument();
    // Paid members have no welcome discount to ask for.
    expect(reads(fetchMock, '/api/discountcode.php')).toEqual([]);
  });

  it('strikes the prices through with the welcome discount while the time bonus runs', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'GET /api/discountcode.php': discountCodes(true),
    });
    const user = buildUser({ paid_user: false, credits: 0, signup_date: new Date().toISOString() });
    await renderWithApp(appRoutes(queryClient), { path: '/credits', user });

    const grid = await screen.findByRole('list', { name: 'Creditpakketten' });
    const first = within(grid).getAllByRole('listitem')[0]!;
    expect(await within(first).findByRole('deletion')).toHaveTextContent('€ 9,95');
    expect(textOf(within(first).getByRole('insertion'))).toContain('€ 7,46');
    expect(first).toHaveTextContent('−25%');
    expect(screen.getAllByText('25% welkomstkorting actief').length).toBeGreaterThan(0);
    // One badge per card: the discount's, not the larger bundles' saving beside it.
    for (const card of within(grid).getAllByRole('listitem')) expect(card).not.toHaveTextContent(/Bespaar/);
    // The welcome discount is the site's: the checkout links carry no code.
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/credits/1');
  });

  it('applies a discount code the server accepts, and says at the field why it refuses one', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'GET /api/discountcode.php': discountCodes(false),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), {
      path: '/credits',
      user: buildUser({ paid_user: true }),
    });

    const field = await screen.findByLabelText('Heb je een kortingscode?');
    await userEvent.type(field, 'ONBEKEND');
    await userEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
    expect(await screen.findByText('Code niet gevonden')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field);
    await userEvent.type(field, 'GEBRUIKT{Enter}');
    expect(await screen.findByText('Code reeds gebruikt')).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, 'LENTE20{Enter}');
    expect(await screen.findByText(/Code LENTE20 toegepast: 20% korting\./)).toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(router.state.location.search).toBe('?code=LENTE20');
    const grid = screen.getByRole('list', { name: 'Creditpakketten' });
    const popular = within(grid).getAllByRole('listitem')[1]!;
    expect(textOf(within(popular).getByRole('insertion'))).toContain('€ 14,36');
    expect(within(popular).getByRole('link')).toHaveAttribute('href', '/credits/2?code=LENTE20');

    await userEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(within(popular).queryByRole('insertion')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    expect(field).toHaveValue('');
  });

  it('offers a retry when the bundles cannot load', async () => {
    let fail = true;
    serve(fetchMock, {
      ...QUIET,
      'GET /api/bundles.php': () =>
        fail ? jsonResponse(400, { error: 'bad_request', message: 'Fout' }) : jsonResponse(200, buildBundles()),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/credits', user: buildUser({ paid_user: true }) });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('De pakketten konden niet worden geladen.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('list', { name: 'Creditpakketten' })).toBeInTheDocument();
  });

  it('shows visitors the prices with the signup instead of a checkout on /pricing', async () => {
    serve(fetchMock, { 'GET /api/bundles.php': () => jsonResponse(200, buildBundles()) });
    await renderWithApp(appRoutes(queryClient), { path: '/pricing' });

    const grid = await screen.findByRole('list', { name: 'Creditpakketten' });
    for (const card of within(grid).getAllByRole('listitem')) {
      expect(within(card).getByRole('link')).toHaveAttribute('href', '/signup');
    }
    expect(screen.queryByRole('link', { name: /Kiezen/ })).not.toBeInTheDocument();
    expect(screen.getByText('Bericht')).toBeInTheDocument();
    expect(screen.getByText('Foto')).toBeInTheDocument();
    expect(screen.getByText('Cadeautje')).toBeInTheDocument();
  });

  it('tells non-paid members on /premium what premium brings, with the bundles to choose', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'GET /api/discountcode.php': discountCodes(false),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/premium', user: buildUser({ paid_user: false }) });

    expect(await screen.findByText("Tot 25 foto's op je profiel")).toBeInTheDocument();
    expect(screen.getByText("Bekijk alle foto's van andere leden")).toBeInTheDocument();
    expect(screen.getByText('Begin zoveel gesprekken als je wilt')).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Creditpakketten' });
    // Signed up long ago: the welcome discount's window has ended, so nothing promises it.
    expect(screen.queryByText(/welkomstkorting/)).not.toBeInTheDocument();
    expect(reads(fetchMock, '/api/discountcode.php')).toEqual([]);
    expect(within(grid).getAllByRole('link', { name: /^Word Premium ?, pakket met/ })[0]).toHaveAttribute(
      'href',
      '/credits/1',
    );
  });

  it('names on /premium the welcome discount a new member can have now, with it on the bundles', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'GET /api/discountcode.php': discountCodes(true),
    });
    const user = buildUser({ paid_user: false, credits: 0, signup_date: new Date().toISOString() });
    await renderWithApp(appRoutes(queryClient), { path: '/premium', user });

    expect(await screen.findByText('25% welkomstkorting actief')).toBeInTheDocument();
    const first = within(await screen.findByRole('list', { name: 'Creditpakketten' })).getAllByRole('listitem')[0]!;
    expect(await within(first).findByRole('deletion')).toHaveTextContent('€ 9,95');
  });

  it('promises the welcome discount on /pricing to visitors, not to a member whose window has ended', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'GET /api/discountcode.php': discountCodes(false),
    });
    const visitor = await renderWithApp(appRoutes(queryClient), { path: '/pricing' });
    expect(await screen.findByText(/25% welkomstkorting op je eerste creditpakket/)).toBeInTheDocument();
    visitor.unmount();

    await renderWithApp(appRoutes(queryClient), { path: '/pricing', user: buildUser({ paid_user: false }) });
    await screen.findByRole('list', { name: 'Creditpakketten' });
    expect(screen.queryByText(/welkomstkorting/)).not.toBeInTheDocument();
  });
});
