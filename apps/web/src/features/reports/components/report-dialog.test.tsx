import { DISMISSAL_KEYS } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../app/router';
import { queryClient } from '../../../lib/query-client';
import { buildMember, buildUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { commands, jsonResponse, serve } from '../../../testing/api';

const THANKS = 'Bedankt. We bekijken je melding zo snel mogelijk.';

describe('reporting a member', () => {
  const fetchMock = vi.fn<typeof fetch>();

  // The profile page's chunk compiles on first import; warm it so no test waits on it past its timeout.
  beforeAll(async () => {
    await import('../../../app/routes/member-profile');
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.removeQueries({ queryKey: ['member'] });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  async function openProfileReport() {
    await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: buildUser() });
    const type = userEvent.setup();
    await type.click(await screen.findByRole('button', { name: 'Profiel melden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eva melden' });
    return { type, dialog };
  }

  it('reports a profile with a reason and a note, and thanks the member', async () => {
    serve(fetchMock, {
      'GET /api/member.php': () => jsonResponse(200, { member: buildMember({ id: 12, name: 'Eva' }) }),
      'POST /api/report.php': () => jsonResponse(200, { report: { id: 7, status: 'open' } }),
    });
    const { type, dialog } = await openProfileReport();

    await type.selectOptions(within(dialog).getByLabelText('Reden'), 'Nepprofiel');
    await type.type(within(dialog).getByLabelText('Toelichting (optioneel)'), 'Foto’s van een model');
    expect(within(dialog).getByText('20 / 2000 tekens')).toBeInTheDocument();
    await type.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));

    const thanks = await within(dialog).findByRole('heading', { name: 'Melding ontvangen' });
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(within(dialog).getByText(THANKS)).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([
      {
        method: 'POST',
        path: '/api/report.php',
        body: { profile_id: 12, reason: 'fake', note: 'Foto’s van een model' },
      },
    ]);
    await type.click(within(dialog).getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for a reason before sending anything', async () => {
    serve(fetchMock, {
      'GET /api/member.php': () => jsonResponse(200, { member: buildMember({ id: 12, name: 'Eva' }) }),
    });
    const { type, dialog } = await openProfileReport();
    await type.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));
    const reason = within(dialog).getByLabelText('Reden');
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAccessibleDescription('Kies een reden.');
    expect(commands(fetchMock)).toEqual([]);
  });

  it('shows the server’s reason when the report is refused, and keeps the form', async () => {
    serve(fetchMock, {
      'GET /api/member.php': () => jsonResponse(200, { member: buildMember({ id: 12, name: 'Eva' }) }),
      'POST /api/report.php': () =>
        jsonResponse(429, { error: 'rate_limited', message: 'Te veel verzoeken. Probeer het later opnieuw.' }),
    });
    const { type, dialog } = await openProfileReport();
    await type.selectOptions(within(dialog).getByLabelText('Reden'), 'Spam of reclame');
    await type.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Te veel verzoeken. Probeer het later opnieuw.');
    expect(within(dialog).getByRole('button', { name: 'Melding versturen' })).toBeEnabled();
  });
});
