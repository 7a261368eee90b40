import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPageTextResponse, ContentPageText } from '@app/shared';
import {
  buildSite,
  buildStaff,
  commands,
  jsonResponse,
  openConsole,
  serve,
  stubConsoleFetch,
} from '../testing/api-stub';

const fetchMock = stubConsoleFetch();

const DEFAULT: ContentPageText = {
  title: 'Algemene voorwaarden van {{name}}',
  description: 'De voorwaarden van {{name}}.',
  intro: 'Lees dit goed.',
  sections: [{ heading: 'Wie wij zijn', paragraphs: ['Wij zijn {{company}}.', 'Gevestigd in {{city}}.'] }],
};

function answer(custom: ContentPageText | null): AdminPageTextResponse {
  return {
    default: DEFAULT,
    custom,
    placeholders: ['name', 'company', 'city', 'email'],
    updated_at: custom ? '2025-03-01T10:00:00Z' : null,
  };
}

const open = () => openConsole('/admin/pages');

describe('the content pages screen', () => {
  it('edits the default text of a page and saves it as the domain’s own', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/sites.php': () => jsonResponse(200, { sites: [buildSite()] }),
      'GET /api/admin/page-texts.php': () => jsonResponse(200, answer(null)),
      'PUT /api/admin/page-texts.php': (body) =>
        jsonResponse(200, answer((body as { content: ContentPageText }).content)),
    });
    await open();

    const title = await screen.findByLabelText('Titel');
    expect(title).toHaveValue('Algemene voorwaarden van {{name}}');
    expect(screen.getByText('{{company}}')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Taal'), 'en');
    await userEvent.selectOptions(screen.getByLabelText('Pagina'), 'faq');
    const paragraphs = await screen.findByLabelText("Alinea's");
    expect(paragraphs).toHaveValue('Wij zijn {{company}}.\n\nGevestigd in {{city}}.');

    await userEvent.clear(screen.getByLabelText('Titel'));
    await userEvent.type(screen.getByLabelText('Titel'), 'Onze vragen');
    await userEvent.type(paragraphs, '\n\nMail {{{{password}}.');
    await userEvent.click(screen.getByRole('button', { name: 'Onderdeel toevoegen' }));
    const second = screen.getByRole('group', { name: 'Onderdeel 2' });
    await userEvent.type(within(second).getByLabelText('Kop'), 'Vragen');
    await userEvent.click(within(second).getByRole('button', { name: 'Vraag toevoegen' }));
    await userEvent.type(within(second).getByLabelText('Vraag 1'), 'Is het gratis?');
    await userEvent.type(within(second).getByLabelText('Antwoord 1'), 'Ja.');

    await userEvent.click(screen.getByRole('button', { name: 'Tekst opslaan' }));
    expect(await screen.findByText('Deze pagina kent de plaatshouder {{password}} niet.')).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Onderdeel 1' });
    expect(within(first).getByLabelText("Alinea's")).toHaveAttribute('aria-invalid', 'true');
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.clear(within(first).getByLabelText("Alinea's"));
    await userEvent.type(within(first).getByLabelText("Alinea's"), 'Wij zijn {{{{company}}.\n\nMail {{{{email}}.');
    await userEvent.click(screen.getByRole('button', { name: 'Tekst opslaan' }));

    expect(await screen.findByText('Veelgestelde vragen van amoria.example opgeslagen.')).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([
      {
        path: '/api/admin/page-texts.php',
        method: 'PUT',
        body: {
          domain: 'amoria.example',
          locale: 'en',
          page: 'faq',
          content: {
            title: 'Onze vragen',
            description: 'De voorwaarden van {{name}}.',
            intro: 'Lees dit goed.',
            sections: [
              { heading: 'Wie wij zijn', paragraphs: ['Wij zijn {{company}}.', 'Mail {{email}}.'] },
              { heading: 'Vragen', items: [{ q: 'Is het gratis?', a: 'Ja.' }] },
            ],
          },
        },
      },
    ]);
    expect(screen.getByRole('button', { name: 'Standaardtekst terugzetten' })).toBeInTheDocument();
  });

  it('shows the server’s message at its field', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/sites.php': () => jsonResponse(200, { sites: [buildSite()] }),
      'GET /api/admin/page-texts.php': () => jsonResponse(200, answer(null)),
      'PUT /api/admin/page-texts.php': () =>
        jsonResponse(400, {
          error: 'validation_failed',
          message: 'Controleer de velden',
          fields: { 'content.sections.0.paragraphs.1': 'Deze waarde is ongeldig.' },
        }),
    });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Tekst opslaan' }));
    expect(await screen.findByText('Deze waarde is ongeldig.')).toBeInTheDocument();
    expect(screen.getByLabelText("Alinea's")).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts the default text back after confirming', async () => {
    const own = { ...DEFAULT, title: 'Eigen titel' };
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/sites.php': () => jsonResponse(200, { sites: [buildSite()] }),
      'GET /api/admin/page-texts.php': () => jsonResponse(200, answer(own)),
      'POST /api/admin/page-text-reset.php': () => jsonResponse(200, answer(null)),
    });
    await open();
    expect(await screen.findByLabelText('Titel')).toHaveValue('Eigen titel');
    await userEvent.click(screen.getByRole('button', { name: 'Standaardtekst terugzetten' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Standaardtekst terugzetten' }));
    expect(
      await screen.findByText('De standaardtekst van Algemene voorwaarden staat weer op amoria.example.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Titel')).toHaveValue('Algemene voorwaarden van {{name}}');
    expect(commands(fetchMock)).toEqual([
      {
        path: '/api/admin/page-text-reset.php',
        method: 'POST',
        body: { domain: 'amoria.example', locale: 'nl', page: 'terms' },
      },
    ]);
  });

  it('is not offered to moderators', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
    });
    await open();
    expect(await screen.findByText(/geen toegang|mag je niet/i)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: "Pagina's" })).toBeNull();
  });
});
