import { DISMISSAL_KEYS } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../app/router';
import { queryClient } from '../../../lib/query-client';
import { buildUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { buildMessage } from '../../chat/testing/api-stub';
import { MessageBubble } from '../../chat/components/message-bubble';
import { buildMember, commands, jsonResponse, serve } from '../../members/testing/api-stub';

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
    expect(reason).toHaveFocus();
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

  it('reports a received message from the flag beside it, by keyboard', async () => {
    serve(fetchMock, {
      'POST /api/report.php': () => jsonResponse(200, { report: { id: 8, status: 'open' } }),
    });
    const routes = [
      {
        path: '/',
        element: (
          <ol>
            <MessageBubble message={buildMessage({ id: 100, sender_id: 12 })} partner="Eva" />
            <MessageBubble message={buildMessage({ id: 101, sender_id: 1, from_me: true })} partner="Eva" />
          </ol>
        ),
      },
    ];
    await renderWithApp(routes, { user: buildUser() });
    const type = userEvent.setup();
    const flags = screen.getAllByRole('button', { name: 'Bericht van Eva melden' });
    expect(flags).toHaveLength(1);
    flags[0]!.focus();
    await type.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Bericht van Eva melden' });
    await type.selectOptions(within(dialog).getByLabelText('Reden'), 'Intimidatie of beledigingen');
    await type.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));
    expect(await within(dialog).findByText(THANKS)).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([
      { method: 'POST', path: '/api/report.php', body: { profile_id: 12, message_id: 100, reason: 'harassment' } },
    ]);
  });
});
