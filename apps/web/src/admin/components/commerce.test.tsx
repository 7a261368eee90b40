import { SOLD_CURRENCIES } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildStaff, commands, jsonResponse, openConsole, serve, stubConsoleFetch } from '../testing/api-stub';
import {
  buildBundle,
  buildCompany,
  buildDiscountCode,
  buildGift,
  buildOrderDetail,
  buildOrderSummary,
} from '../testing/commerce-stub';

describe('the console’s orders and shop', () => {
  const fetchMock = stubConsoleFetch();
  const open = openConsole;

  const admin = () => jsonResponse(200, { staff: buildStaff() });

  it('shows a support agent Orders but not Shop', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'support' }) }),
      'GET /api/admin/orders.php': () =>
        jsonResponse(200, {
          orders: [buildOrderSummary(), buildOrderSummary({ id: 11, amount: 995 })],
          next_before: 11,
        }),
    });
    await open('/admin/orders');

    expect(await screen.findByRole('heading', { name: 'Bestellingen', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Beheer' });
    expect(within(nav).getByRole('link', { name: 'Bestellingen' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Winkel' })).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Bestellingen, nieuwste eerst' });
    expect(within(table).getByRole('link', { name: '#12' })).toHaveAttribute('href', '/admin/orders/12');
    expect(within(table).getByText('€ 19,99')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Meer laden' })).toBeInTheDocument();
  });

  it('filters orders by status and pages on with the last id', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': admin,
      'GET /api/admin/orders.php': (_body, url) =>
        jsonResponse(200, {
          orders: [buildOrderSummary({ id: url.searchParams.has('before') ? 10 : 12 })],
          next_before: url.searchParams.has('before') ? null : 12,
        }),
    });
    await open('/admin/orders');
    await userEvent.selectOptions(await screen.findByLabelText('Status'), 'refunded');
    await userEvent.click(await screen.findByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByRole('link', { name: '#10' })).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([path]) => String(path)).filter((p) => p.includes('orders.php'));
    expect(urls.at(-1)).toBe('/api/admin/orders.php?status=refunded&before=12');
  });

  it('keeps the orders shown when the next page fails, with a retry for that page', async () => {
    let failures = 1;
    serve(fetchMock, {
      'GET /api/admin/me.php': admin,
      'GET /api/admin/orders.php': (_body, url) =>
        url.searchParams.has('before') && failures-- > 0
          ? jsonResponse(400, { error: 'validation_failed', message: 'De lijst kon niet worden geladen' })
          : jsonResponse(200, {
              orders: [buildOrderSummary({ id: url.searchParams.has('before') ? 10 : 12 })],
              next_before: url.searchParams.has('before') ? null : 12,
            }),
    });
    await open('/admin/orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Meer laden' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('De lijst kon niet worden geladen');
    expect(screen.getByRole('link', { name: '#12' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('link', { name: '#10' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#12' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
  });

  it('refunds an order with a reason and shows the credits taken back', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'support' }) }),
      'GET /api/admin/order.php': () => jsonResponse(200, { order: buildOrderDetail() }),
      'POST /api/admin/order-refund.php': () =>
        jsonResponse(200, {
          order: buildOrderDetail({
            refundable: false,
            refunded_at: '2025-02-02T10:00:00Z',
            refund_id: 're_1',
            credits_taken_back: 60,
          }),
          credits_taken_back: 60,
          balance: 0,
        }),
    });
    await open('/admin/orders/12');

    expect(await screen.findByRole('heading', { name: 'Bestelling 12', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Piet' })).toHaveAttribute('href', '/admin/members/7');
    await userEvent.click(screen.getByRole('button', { name: 'Terugbetalen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bestelling 12 terugbetalen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bedrag terugbetalen' }));
    expect(within(dialog).getByText('Geef een reden van 3 tot 500 tekens.')).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reden'), 'Dubbel betaald');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bedrag terugbetalen' }));

    expect(
      await screen.findByText('Terugbetaald. 60 credits teruggenomen; nieuw saldo van het lid: 0 credits.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Terugbetalen' })).not.toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([
      { path: '/api/admin/order-refund.php', method: 'POST', body: { order_id: 12, reason: 'Dubbel betaald' } },
    ]);
  });

  it('shows the server’s message when the provider refuses the refund', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': admin,
      'GET /api/admin/order.php': () =>
        jsonResponse(200, { order: buildOrderDetail({ provider_status: { status: 'unknown', message: 'Time-out' } }) }),
      'POST /api/admin/order-refund.php': () =>
        jsonResponse(502, {
          error: 'refund_failed',
          message: 'Mollie weigerde de terugbetaling. Probeer het later opnieuw.',
        }),
    });
    await open('/admin/orders/12');

    expect(await screen.findByText('Onbekend')).toBeInTheDocument();
    expect(screen.getByText('Time-out')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Terugbetalen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bestelling 12 terugbetalen' });
    await userEvent.type(within(dialog).getByLabelText('Reden'), 'Klacht over dienst');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bedrag terugbetalen' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Mollie weigerde de terugbetaling. Probeer het later opnieuw.',
    );
    // A refused refund is not retried behind the operator's back.
    expect(commands(fetchMock)).toHaveLength(1);
  });

  it('shows the server’s code_taken message at the discount code field', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': admin,
      'GET /api/admin/discount-codes.php': () => jsonResponse(200, { codes: [buildDiscountCode()], next_before: null }),
      'POST /api/admin/discount-code.php': () =>
        jsonResponse(400, {
          error: 'validation_failed',
          message: 'Controleer de velden',
          fields: { code: 'Deze code bestaat al.' },
        }),
    });
    await open('/admin/shop/discount-codes');

    expect(await screen.findByRole('cell', { name: 'ZOMER25' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nieuwe kortingscode' }));
    const form = screen.getByRole('form', { name: 'Nieuwe kortingscode' });
    await userEvent.type(within(form).getByLabelText('Code'), 'zomer25');
    await userEvent.type(within(form).getByLabelText('Kortingspercentage'), '25');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'ideal' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Kortingscode aanmaken' }));

    expect(await within(form).findByText('Deze code bestaat al.')).toBeInTheDocument();
    const code = within(form).getByLabelText('Code');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(code).toHaveFocus());
    expect(commands(fetchMock)).toEqual([
      {
        path: '/api/admin/discount-code.php',
        method: 'POST',
        body: {
          code: 'ZOMER25',
          percentage: 25,
          member_id: null,
          country: null,
          currency: null,
          minimum_order_value: null,
          payment_methods: ['ideal'],
          validity: 'once_per_user',
          expires_at: null,
        },
      },
    ]);
  });

  it('checks a bundle in the browser, then saves it with a price per currency', async () => {
    const bundle = buildBundle();
    serve(fetchMock, {
      'GET /api/admin/me.php': admin,
      'GET /api/admin/bundles.php': () => jsonResponse(200, { bundles: [bundle], currencies: [...SOLD_CURRENCIES] }),
      'PUT /api/admin/bundle.php': (body) => jsonResponse(200, { bundle: { ...bundle, ...body } }),
    });
    await open('/admin/shop');

    await userEvent.click(await screen.findByRole('button', { name: 'Bundel van 100 credits bewerken' }));
    const form = screen.getByRole('form', { name: 'Bundel van 100 credits bewerken' });
    const eur = within(form).getByLabelText('Prijs in EUR');
    expect(eur).toHaveValue('19,99');
    await userEvent.clear(eur);
    await userEvent.type(eur, '24,5');
    const chf = within(form).getByLabelText('Prijs in CHF');
    await userEvent.clear(chf);
    await userEvent.click(within(form).getByRole('switch', { name: 'Als populair tonen' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Bundel opslaan' }));

    expect(await within(form).findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(chf).toHaveAttribute('aria-invalid', 'true');
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.type(chf, '22');
    await userEvent.click(within(form).getByRole('button', { name: 'Bundel opslaan' }));

    expect(await screen.findByText('Bundel van 100 credits opgeslagen.')).toBeInTheDocument();
    const [put] = commands(fetchMock);
    expect(put).toEqual({
      path: '/api/admin/bundle.php',
      method: 'PUT',
      body: {
        id: 3,
        tier: 'p1',
        credits: 100,
        position: 1,
        popular: true,
        active: true,
        prices: { ...bundle.prices, EUR: 2450, CHF: 2200 },
      },
    });
    expect(Object.keys((put!.body as { prices: object }).prices).sort()).toEqual([...SOLD_CURRENCIES].sort());
  });

  it('adds a gift: a typed price that is no number stops it, the server’s taken key shows at its field', async () => {
    const gifts = [buildGift()];
    serve(fetchMock, {
      'GET /api/admin/me.php': admin,
      'GET /api/admin/gifts.php': () => jsonResponse(200, { gifts }),
      'POST /api/admin/gift.php': (body) =>
        body?.key === 'rose'
          ? jsonResponse(400, {
              error: 'validation_failed',
              message: 'Controleer de velden',
              fields: { key: 'Deze sleutel bestaat al.' },
            })
          : jsonResponse(200, { gift: buildGift({ ...body, created_at: '2025-03-01T10:00:00Z' }) }),
    });
    await open('/admin/shop/gifts');

    await userEvent.click(await screen.findByRole('button', { name: 'Nieuw cadeau' }));
    const form = screen.getByRole('form', { name: 'Nieuw cadeau' });
    expect(within(form).getByLabelText('Volgorde')).toHaveValue('1');
    await userEvent.type(within(form).getByLabelText('Sleutel'), 'rose');
    await userEvent.type(within(form).getByLabelText('Naam'), 'Tulp');
    await userEvent.type(within(form).getByLabelText('Afbeelding (pad of https-adres)'), '/gifts/tulip.svg');
    const credits = within(form).getByLabelText('Prijs in credits');
    await userEvent.type(credits, 'tien');
    await userEvent.click(within(form).getByRole('button', { name: 'Cadeau opslaan' }));

    expect(within(form).getByRole('alert')).toHaveTextContent('Controleer de gemarkeerde velden.');
    expect(within(form).getByText('Vul een heel getal in.')).toBeInTheDocument();
    await waitFor(() => expect(credits).toHaveFocus());
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.clear(credits);
    await userEvent.type(credits, '25');
    await userEvent.click(within(form).getByRole('button', { name: 'Cadeau opslaan' }));
    const key = within(form).getByLabelText('Sleutel');
    expect(await within(form).findByText('Deze sleutel bestaat al.')).toBeInTheDocument();
    expect(key).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(key).toHaveFocus());
    // The server's field message is no problem found in the browser.
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.clear(key);
    await userEvent.type(key, 'tulip');
    expect(key).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(form).getByRole('button', { name: 'Cadeau opslaan' }));

    expect(await screen.findByText('Cadeau Tulp opgeslagen.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nieuw cadeau' })).not.toBeInTheDocument();
    expect(commands(fetchMock).at(-1)).toEqual({
      path: '/api/admin/gift.php',
      method: 'POST',
      body: { key: 'tulip', name: 'Tulp', image: '/gifts/tulip.svg', credits: 25, position: 1, active: true },
    });
  });

  it('saves the company info whole, after a failure without field messages and a problem in the browser', async () => {
    let answer = 0;
    serve(fetchMock, {
      'GET /api/admin/me.php': admin,
      'GET /api/admin/companies.php': () => jsonResponse(200, { companies: [buildCompany()] }),
      'PUT /api/admin/company.php': (body) =>
        ++answer === 1
          ? jsonResponse(409, { error: 'company_changed', message: 'Even niet beschikbaar.' })
          : jsonResponse(200, { company: buildCompany(body) }),
    });
    await open('/admin/shop/company');

    const name = await screen.findByLabelText('Bedrijfsnaam');
    await userEvent.clear(name);
    await userEvent.type(name, 'Amoria Holding B.V.');
    await userEvent.type(screen.getByLabelText('Handelsnamen'), ', Amoria Dating');
    await userEvent.click(screen.getByRole('button', { name: 'Bedrijfsgegevens opslaan' }));
    expect(await screen.findByText('Even niet beschikbaar.')).toBeInTheDocument();

    const discount = screen.getByLabelText('Korting bij opzeggen');
    await userEvent.clear(discount);
    await userEvent.type(discount, 'veel');
    await userEvent.click(screen.getByRole('button', { name: 'Bedrijfsgegevens opslaan' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Controleer de gemarkeerde velden.');
    expect(screen.queryByText('Even niet beschikbaar.')).not.toBeInTheDocument();
    expect(discount).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(discount);
    await userEvent.type(discount, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Bedrijfsgegevens opslaan' }));

    expect(await screen.findByText('Gegevens van Amoria Holding B.V. opgeslagen.')).toBeInTheDocument();
    expect(commands(fetchMock).at(-1)?.body).toEqual({
      id: 1,
      name: 'Amoria Holding B.V.',
      address: 'Keizersgracht 1',
      kvk: 'KVK123',
      city: 'Amsterdam',
      country: 'Nederland',
      tradenames: ['Amoria', 'Amoria Dating'],
      vat_numbers: ['NL001'],
      support_phone: '+31201234567',
      delete_discount: 20,
    });
    expect(commands(fetchMock)).toHaveLength(2);
  });
});
