import { DISMISSAL_KEYS } from '@app/shared';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../app/router';
import { queryClient } from '../../../lib/query-client';
import { buildUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { commands, jsonResponse, serve } from '../../../testing/api';
import { ComplaintForm } from './complaint-form';

const visitorRoutes = [{ path: '/complaints', element: <ComplaintForm sender={null} /> }];

/** Fills in the form as a visitor would, about a member. */
async function fillIn() {
  const type = userEvent.setup();
  await type.click(screen.getByRole('radio', { name: /Een lid/ }));
  await type.type(screen.getByLabelText('Om wie of wat gaat het? (optioneel)'), 'Profiel van Lotte');
  await type.type(screen.getByLabelText('Je klacht'), 'Lotte stuurt mij steeds onaardige berichten.');
  await type.type(screen.getByLabelText('Je naam'), 'Sanne');
  await type.type(screen.getByLabelText('Je e-mailadres'), 'sanne@example.com');
  return type;
}

describe('the complaint form', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends the complaint and shows the reference, with the focus on the confirmation', async () => {
    serve(fetchMock, {
      'POST /api/complaint.php': () => jsonResponse(200, { complaint: { id: 123, reference: 'C-000123' } }),
    });
    await renderWithApp(visitorRoutes, { path: '/complaints' });
    const type = await fillIn();
    expect(screen.getByText('44 / 5000 tekens')).toBeInTheDocument();
    await type.click(screen.getByRole('button', { name: 'Klacht versturen' }));

    const heading = await screen.findByRole('heading', { name: 'Bedankt, we hebben je klacht ontvangen' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('C-000123')).toBeInTheDocument();
    expect(screen.getByText(/We hebben een kopie gestuurd naar sanne@example\.com/)).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([
      {
        method: 'POST',
        path: '/api/complaint.php',
        body: {
          topic: 'member',
          subject: 'Profiel van Lotte',
          message: 'Lotte stuurt mij steeds onaardige berichten.',
          name: 'Sanne',
          email: 'sanne@example.com',
        },
      },
    ]);

    // Another complaint starts empty but keeps who sends it.
    await type.click(screen.getByRole('button', { name: 'Nog een klacht indienen' }));
    expect(screen.getByLabelText('Je klacht')).toHaveValue('');
    expect(screen.getByLabelText('Je e-mailadres')).toHaveValue('sanne@example.com');
    expect(screen.getByRole('radio', { name: /Een lid/ })).not.toBeChecked();
  });

  it('checks the form before sending, with the server’s texts tied to each field', async () => {
    await renderWithApp(visitorRoutes, { path: '/complaints' });
    const type = userEvent.setup();
    await type.type(await screen.findByLabelText('Je klacht'), 'Te kort');
    await type.type(screen.getByLabelText('Je e-mailadres'), 'sanne@');
    await type.click(screen.getByRole('button', { name: 'Klacht versturen' }));

    const topics = screen.getByRole('group', { name: 'Waar gaat je klacht over?' });
    expect(topics).toHaveAccessibleDescription('Dit veld is verplicht.');
    await waitFor(() => expect(screen.getByRole('radio', { name: /Een lid/ })).toHaveFocus());
    expect(screen.getByLabelText('Je klacht')).toHaveAccessibleDescription(
      expect.stringContaining('Gebruik minstens 10 tekens.'),
    );
    expect(screen.getByLabelText('Je naam')).toHaveAccessibleDescription('Dit veld is verplicht.');
    expect(screen.getByLabelText('Je e-mailadres')).toHaveAccessibleDescription('Ongeldige e-mail');
    expect(fetchMock).not.toHaveBeenCalled();

    // A fixed field loses its message at once.
    await type.click(screen.getByRole('radio', { name: /Een betaling/ }));
    expect(topics).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Om wie of wat gaat het? (optioneel)')).toHaveAccessibleDescription(
      'Bijvoorbeeld het bestelnummer, de datum of het bedrag.',
    );
  });

  it('shows the server’s field messages at their fields', async () => {
    serve(fetchMock, {
      'POST /api/complaint.php': () =>
        jsonResponse(400, {
          error: 'validation_failed',
          message: 'Controleer de gemarkeerde velden.',
          fields: { email: 'Ongeldige e-mail', message: 'Gebruik hoogstens 5000 tekens.' },
        }),
    });
    await renderWithApp(visitorRoutes, { path: '/complaints' });
    const type = await fillIn();
    await type.click(screen.getByRole('button', { name: 'Klacht versturen' }));

    const message = screen.getByLabelText('Je klacht');
    await vi.waitFor(() =>
      expect(message).toHaveAccessibleDescription(expect.stringContaining('Gebruik hoogstens 5000 tekens.')),
    );
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Je e-mailadres')).toHaveAccessibleDescription('Ongeldige e-mail');
    // Shown at the fields, so no alert repeats it.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(message).toHaveFocus());

    // Once changed, the field's message no longer applies; the other field keeps its own.
    await type.type(message, ' Meer.');
    expect(message).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Je e-mailadres')).toHaveAccessibleDescription('Ongeldige e-mail');
  });

  it('says what went wrong when the complaint could not be sent', async () => {
    serve(fetchMock, {
      'POST /api/complaint.php': () =>
        jsonResponse(429, { error: 'rate_limited', message: 'Te veel verzoeken, probeer het zo opnieuw.' }),
    });
    await renderWithApp(visitorRoutes, { path: '/complaints' });
    const type = await fillIn();
    await type.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Te veel verzoeken, probeer het zo opnieuw.');
    expect(screen.getByLabelText('Je klacht')).toHaveValue('Lotte stuurt mij steeds onaardige berichten.');
  });
});

describe('the complaints page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('fills in a member’s name and address, which they may still change', async () => {
    serve(fetchMock, {
      'GET /api/account.php': () =>
        jsonResponse(200, {
          account: {
            email: 'sanne@example.com',
            invisible: false,
            notification_preferences: { messages: true, likes: true, matches: true, reminders: true, weekly: true },
          },
        }),
      'POST /api/complaint.php': () => jsonResponse(200, { complaint: { id: 9, reference: 'C-000009' } }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/complaints', user: buildUser() });

    const email = await screen.findByLabelText('Je e-mailadres');
    await vi.waitFor(() => expect(email).toHaveValue('sanne@example.com'));
    const name = screen.getByLabelText('Je naam');
    expect(name).toHaveValue('Sanne');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByText('Ingevuld vanuit je account.')).toBeInTheDocument();

    const type = userEvent.setup();
    await type.click(screen.getByRole('button', { name: 'Wijzigen' }));
    expect(name).not.toHaveAttribute('readonly');
    await waitFor(() => expect(name).toHaveFocus());
    await type.clear(name);
    await type.type(name, 'S. de Vries');

    await type.click(screen.getByRole('radio', { name: /Onze dienst/ }));
    await type.type(screen.getByLabelText('Je klacht'), 'De zoekfunctie geeft steeds een fout.');
    await type.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    expect(await screen.findByText('C-000009')).toBeInTheDocument();
    expect(commands(fetchMock).at(-1)?.body).toEqual({
      topic: 'service',
      message: 'De zoekfunctie geeft steeds een fout.',
      name: 'S. de Vries',
      email: 'sanne@example.com',
    });

    // The support address stays offered beside the form's confirmation.
    const aside = screen.getByRole('complementary', { name: 'Liever zelf mailen?' });
    expect(within(aside).getByRole('link', { name: 'support@amoria.example' })).toHaveAttribute(
      'href',
      'mailto:support@amoria.example',
    );
    expect(aside).toHaveTextContent('We nemen elke klacht serieus en reageren zo snel mogelijk.');
  });
});
