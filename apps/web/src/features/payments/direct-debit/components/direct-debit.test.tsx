import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBundles, buildOrder, commands, jsonResponse, serve } from '../../testing/api-stub';
import { buildUser } from '../../../../testing/factories';
import { renderWithApp } from '../../../../testing/render';
import { DirectDebit } from './direct-debit';

function OrderPage() {
  return <p>order {useParams().id}</p>;
}

const routes = [
  { path: '/directdebit', element: <DirectDebit discount={null} /> },
  { path: '/transactions/:id', element: <OrderPage /> },
  { path: '/credits/:id', element: <p>other method</p> },
];

const user = buildUser();

/** The form filled in as a Dutch member would, with `iban` typed as given. */
async function fillIn(iban = 'nl91abna0417164300') {
  const type = userEvent.setup();
  await type.type(screen.getByLabelText('Naam rekeninghouder'), 'Sanne de Vries');
  await type.type(screen.getByLabelText('IBAN'), iban);
  await type.type(screen.getByLabelText('Straat'), 'Keizersgracht');
  await type.type(screen.getByLabelText('Huisnummer'), '12a');
  await type.type(screen.getByLabelText('Postcode'), '1015 CJ');
  await type.type(screen.getByLabelText('Woonplaats'), 'Amsterdam');
  await type.type(screen.getByLabelText('Mobiel nummer'), '06 12345678');
  await type.click(screen.getByRole('checkbox', { name: /algemene voorwaarden/ }));
  return type;
}

const TIME_BONUS = { code: 'TIMEBONUS25', percentage: 25, source: 'welcome', minimum: null, methods: null } as const;

describe('the direct-debit page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('takes the active discount off, as the other methods do, and sends its code', async () => {
    serve(fetchMock, {
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'POST /api/directdebit.php': () => jsonResponse(200, { order_id: 58, phone_hint: '••• ••• 78' }),
    });
    const discounted = [{ ...routes[0]!, element: <DirectDebit discount={TIME_BONUS} /> }, ...routes.slice(1)];
    await renderWithApp(discounted, { path: '/directdebit?bundle=2', user });

    const summary = await screen.findByRole('region', { name: 'Je bestelling' });
    expect(within(summary).getByText('€ 17,95', { selector: 'del' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('€ 13,46');
    const type = await fillIn();
    await type.click(screen.getByRole('button', { name: 'Sms-code versturen' }));
    await screen.findByText(/We hebben een code gestuurd/);
    expect(commands(fetchMock)[0]?.body).toMatchObject({ bundle_id: 2, code: 'TIMEBONUS25' });
  });

  it('pays a bundle: the form, the SMS code with a wrong one first, then the order page', async () => {
    let attempts = 0;
    serve(fetchMock, {
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'POST /api/directdebit.php': () => jsonResponse(200, { order_id: 57, phone_hint: '••• ••• 78' }),
      'POST /api/directdebit-confirm.php': (body) =>
        ++attempts === 1
          ? jsonResponse(400, {
              error: 'validation_failed',
              message: 'Controleer de velden.',
              fields: { otp: 'Code ongeldig' },
            })
          : jsonResponse(200, {
              order: buildOrder({ id: Number(body?.order_id), status: 'completed', method: 'sdd' }),
            }),
    });
    await renderWithApp(routes, { path: '/directdebit?bundle=2', user });

    const summary = await screen.findByRole('region', { name: 'Je bestelling' });
    expect(summary).toHaveTextContent('100 credits');
    expect(summary).toHaveTextContent('€ 17,95');

    const type = await fillIn();
    expect(screen.getByLabelText('IBAN')).toHaveValue('NL91 ABNA 0417 1643 00');
    expect(screen.getByRole('checkbox', { name: /machtig Amoria B\.V\. om eenmalig €\s17,95/ })).toBeChecked();
    await type.click(screen.getByRole('button', { name: 'Sms-code versturen' }));

    expect(commands(fetchMock)).toEqual([
      {
        path: '/api/directdebit.php',
        method: 'POST',
        body: {
          bundle_id: 2,
          terms: true,
          account_holder: 'Sanne de Vries',
          iban: 'NL91 ABNA 0417 1643 00',
          street: 'Keizersgracht',
          house_number: '12a',
          zip: '1015 CJ',
          city: 'Amsterdam',
          phone: '06 12345678',
        },
      },
    ]);

    // The code step: where it went, and a field the phone can fill in from the text message.
    expect(await screen.findByText(/We hebben een code gestuurd naar ••• ••• 78/)).toBeInTheDocument();
    const otp = screen.getByLabelText('Sms-code');
    expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
    expect(otp).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(otp).toHaveFocus());

    await type.type(otp, '111111');
    await type.click(screen.getByRole('button', { name: 'Bevestigen en betalen' }));
    expect(await screen.findByText('Code ongeldig')).toBeInTheDocument();
    expect(otp).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(otp).toHaveFocus());

    await type.clear(otp);
    await type.type(otp, '123456');
    await type.click(screen.getByRole('button', { name: 'Bevestigen en betalen' }));
    expect(await screen.findByText('order 57')).toBeInTheDocument();
    expect(commands(fetchMock).slice(1)).toEqual([
      { path: '/api/directdebit-confirm.php', method: 'POST', body: { order_id: 57, otp: '111111' } },
      { path: '/api/directdebit-confirm.php', method: 'POST', body: { order_id: 57, otp: '123456' } },
    ]);
  });

  it('checks the form before sending: every field, the IBAN checksum, the phone and the terms', async () => {
    serve(fetchMock, { 'GET /api/bundles.php': () => jsonResponse(200, buildBundles()) });
    await renderWithApp(routes, { path: '/directdebit?bundle=2', user });
    const type = userEvent.setup();
    await type.click(await screen.findByRole('button', { name: 'Sms-code versturen' }));

    expect(screen.getAllByText('Vul dit veld in.')).toHaveLength(7);
    expect(screen.getByText('Ga akkoord met de voorwaarden om verder te gaan.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Naam rekeninghouder')).toHaveFocus());

    await fillIn('NL92 ABNA 0417 1643 00');
    await type.clear(screen.getByLabelText('Mobiel nummer'));
    await type.type(screen.getByLabelText('Mobiel nummer'), 'bel me');
    await type.click(screen.getByRole('button', { name: 'Sms-code versturen' }));
    expect(screen.getByText('Dit IBAN klopt niet. Controleer het nummer nog eens.')).toBeInTheDocument();
    expect(screen.getByText('Vul een mobiel nummer in waarop je sms kunt ontvangen.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('IBAN')).toHaveFocus());
    expect(commands(fetchMock)).toEqual([]);
  });

  it('tells a wrong IBAN as soon as the field is left', async () => {
    serve(fetchMock, { 'GET /api/bundles.php': () => jsonResponse(200, buildBundles()) });
    await renderWithApp(routes, { path: '/directdebit?bundle=2', user });
    const type = userEvent.setup();
    await type.type(await screen.findByLabelText('IBAN'), 'NL92ABNA0417164300');
    await type.tab();
    expect(screen.getByText('Dit IBAN klopt niet. Controleer het nummer nog eens.')).toBeInTheDocument();
  });

  it('shows the server’s field messages at their fields', async () => {
    serve(fetchMock, {
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'POST /api/directdebit.php': () =>
        jsonResponse(400, {
          error: 'validation_failed',
          message: 'Controleer de velden.',
          fields: { zip: 'Ongeldige postcode' },
        }),
    });
    await renderWithApp(routes, { path: '/directdebit?bundle=2', user });
    await screen.findByLabelText('IBAN');
    const type = await fillIn();
    await type.click(screen.getByRole('button', { name: 'Sms-code versturen' }));
    expect(await screen.findByText('Ongeldige postcode')).toBeInTheDocument();
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when direct debit is blocked for the member, with the way to another method', async () => {
    serve(fetchMock, {
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'POST /api/directdebit.php': () =>
        jsonResponse(403, {
          error: 'directdebit_blocked',
          message: 'Betalen met automatische incasso is geblokkeerd.',
        }),
    });
    await renderWithApp(routes, { path: '/directdebit?bundle=2', user });
    await screen.findByLabelText('IBAN');
    const type = await fillIn();
    await type.click(screen.getByRole('button', { name: 'Sms-code versturen' }));

    const notice = await screen.findByRole('alert');
    const heading = within(notice).getByRole('heading', { name: 'Automatische incasso niet beschikbaar' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Sms-code versturen' })).not.toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Andere betaalmethode kiezen' })).toHaveAttribute(
      'href',
      '/credits/2',
    );
  });

  it('says so when the monthly limit is reached at the confirmation', async () => {
    serve(fetchMock, {
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'POST /api/directdebit.php': () => jsonResponse(200, { order_id: 57, phone_hint: '••• ••• 78' }),
      'POST /api/directdebit-confirm.php': () =>
        jsonResponse(403, { error: 'directdebit_limit', message: 'Je hebt het maximum bereikt.' }),
    });
    await renderWithApp(routes, { path: '/directdebit?bundle=2', user });
    await screen.findByLabelText('IBAN');
    const type = await fillIn();
    await type.click(screen.getByRole('button', { name: 'Sms-code versturen' }));
    await type.type(await screen.findByLabelText('Sms-code'), '123456');
    await type.click(screen.getByRole('button', { name: 'Bevestigen en betalen' }));

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading', { name: 'Limiet bereikt' })).toBeInTheDocument();
    expect(notice).toHaveTextContent('al 3 keer');
  });

  it('asks for all six digits before confirming, and goes back to the details', async () => {
    serve(fetchMock, {
      'GET /api/bundles.php': () => jsonResponse(200, buildBundles()),
      'POST /api/directdebit.php': () => jsonResponse(200, { order_id: 57, phone_hint: '••• ••• 78' }),
    });
    await renderWithApp(routes, { path: '/directdebit?bundle=2', user });
    await screen.findByLabelText('IBAN');
    const type = await fillIn();
    await type.click(screen.getByRole('button', { name: 'Sms-code versturen' }));
    await type.type(await screen.findByLabelText('Sms-code'), '12a3');
    expect(screen.getByLabelText('Sms-code')).toHaveValue('123');
    await type.click(screen.getByRole('button', { name: 'Bevestigen en betalen' }));
    expect(screen.getByText('Vul alle 6 cijfers van de code in.')).toBeInTheDocument();
    expect(commands(fetchMock)).toHaveLength(1);

    await type.click(screen.getByRole('button', { name: 'Gegevens wijzigen' }));
    expect(screen.getByLabelText('Naam rekeninghouder')).toHaveValue('Sanne de Vries');
  });

  it('asks to choose a bundle first without one, and says when direct debit is not offered', async () => {
    serve(fetchMock, { 'GET /api/bundles.php': () => jsonResponse(200, buildBundles({ methods: ['ideal'] })) });
    const first = await renderWithApp(routes, { path: '/directdebit', user });
    expect(await screen.findByRole('heading', { name: 'Kies eerst een pakket' })).toBeInTheDocument();
    first.unmount();

    const second = await renderWithApp(routes, { path: '/directdebit?bundle=99', user });
    expect(await screen.findByRole('heading', { name: 'Kies eerst een pakket' })).toBeInTheDocument();
    second.unmount();

    await renderWithApp(routes, { path: '/directdebit?bundle=2', user });
    expect(await screen.findByRole('heading', { name: 'Niet beschikbaar in jouw land' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Andere betaalmethode kiezen' })).toHaveAttribute('href', '/credits/2');
  });
});
