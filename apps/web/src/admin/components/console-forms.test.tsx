import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseDetail } from '../api/contract';
import {
  buildMemberDetail,
  buildStaff,
  buildThread,
  commands,
  jsonResponse,
  openConsole,
  serve,
  stubConsoleFetch,
} from '../testing/api-stub';
import { buildOrderSummary } from '../testing/commerce-stub';

const fetchMock = stubConsoleFetch();
const moderator = () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) });

function buildCase(overrides: Partial<CaseDetail> = {}): CaseDetail {
  return {
    kind: 'report',
    id: 3,
    status: 'open',
    created_at: '2025-01-02T10:00:00Z',
    category: 'scam',
    excerpt: 'Vraagt om geld',
    member_id: 7,
    member_name: 'Boris',
    text: 'Vraagt om geld',
    reporter_id: 8,
    sender_name: null,
    sender_email: null,
    subject: null,
    context: [],
    notes: [],
    ...overrides,
  };
}

describe("the console's forms on the form kit", () => {
  it("asks a case's note before sending it, sends it trimmed and empties the box", async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': moderator,
      'GET /api/admin/case.php': () => jsonResponse(200, { case: buildCase() }),
      'GET /api/admin/cases.php': () => jsonResponse(200, { cases: [] }),
      'POST /api/admin/case.php': (body) =>
        jsonResponse(200, {
          case: buildCase({
            notes: [{ id: 1, staff_name: 'Anna', body: String(body?.note), created_at: '2025-01-02T11:00:00Z' }],
          }),
        }),
    });
    await openConsole('/admin/queue/report/3');

    const note = await screen.findByLabelText('Nieuwe notitie');
    await userEvent.click(screen.getByRole('button', { name: 'Notitie toevoegen' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription('Vul dit veld in.'));
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.type(note, '  Gebeld met melder ');
    await userEvent.click(screen.getByRole('button', { name: 'Notitie toevoegen' }));
    expect(await screen.findByText('Gebeld met melder', { selector: '.admin-pre' })).toBeInTheDocument();
    await waitFor(() => expect(note).toHaveValue(''));
    expect(note).not.toHaveAttribute('aria-invalid');
    expect(commands(fetchMock)).toEqual([
      { path: '/api/admin/case.php', method: 'POST', body: { kind: 'report', id: 3, note: 'Gebeld met melder' } },
    ]);
  });

  it("changes a case's status on its own, the button waiting for another status", async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': moderator,
      'GET /api/admin/case.php': () => jsonResponse(200, { case: buildCase() }),
      'GET /api/admin/cases.php': () => jsonResponse(200, { cases: [] }),
      'POST /api/admin/case.php': () => jsonResponse(200, { case: buildCase({ status: 'resolved' }) }),
    });
    await openConsole('/admin/queue/report/3');

    const change = await screen.findByRole('button', { name: 'Status wijzigen' });
    expect(change).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Status van de zaak'), 'resolved');
    await userEvent.click(change);

    expect(await screen.findByText('Status gewijzigd naar Afgehandeld.')).toBeInTheDocument();
    await waitFor(() => expect(change).toBeDisabled());
    expect(commands(fetchMock)).toEqual([
      { path: '/api/admin/case.php', method: 'POST', body: { kind: 'report', id: 3, status: 'resolved' } },
    ]);
  });

  it("refuses an amount of 0 credits and puts the server's field message at the reason", async () => {
    let answered = false;
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/member.php': () => jsonResponse(200, { member: buildMemberDetail() }),
      'POST /api/admin/member-credits.php': () => {
        if (answered) return jsonResponse(200, { balance: 150 });
        answered = true;
        return jsonResponse(400, {
          error: 'validation_failed',
          message: 'Controleer de invoer',
          fields: { reason: 'Deze tekst bevat tekens die niet zijn toegestaan.' },
        });
      },
    });
    await openConsole('/admin/members/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Credits aanpassen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credits aanpassen' });
    const amount = within(dialog).getByLabelText('Aantal credits');
    const reason = within(dialog).getByLabelText('Reden');

    await userEvent.type(amount, '0');
    await userEvent.type(reason, 'Compensatie');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credits opslaan' }));
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription('Vul een heel getal in, niet 0, tussen -100.000 en 100.000.'),
    );
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credits opslaan' }));
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription('Deze tekst bevat tekens die niet zijn toegestaan.'),
    );
    expect(reason).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Credits opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(commands(fetchMock).map((command) => command.body)).toEqual([
      { member_id: 7, delta: 50, reason: 'Compensatie' },
      { member_id: 7, delta: 50, reason: 'Compensatie' },
    ]);
  });

  it("filters the orders by a member's number and says what is wrong with anything else", async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/orders.php': () => jsonResponse(200, { orders: [buildOrderSummary()], next_before: null }),
    });
    const { router } = await openConsole('/admin/orders');
    const search = await screen.findByRole('search', { name: 'Bestellingen van een lid' });
    const member = within(search).getByLabelText('Lidnummer');

    await userEvent.type(member, 'piet');
    await userEvent.click(within(search).getByRole('button', { name: 'Filteren' }));
    await waitFor(() => expect(member).toHaveAccessibleDescription('Vul een lidnummer in (alleen cijfers).'));
    expect(router.state.location.search).toBe('');

    await userEvent.clear(member);
    await userEvent.type(member, ' 7 ');
    await userEvent.click(within(search).getByRole('button', { name: 'Filteren' }));
    await waitFor(() => expect(router.state.location.search).toBe('?member_id=7'));
    expect(member).not.toHaveAttribute('aria-invalid');
  });

  it('searches the members for the trimmed text', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/members.php': () => jsonResponse(200, { members: [], next_before: null }),
    });
    const { router } = await openConsole('/admin/members');
    const search = await screen.findByRole('search');
    await userEvent.type(within(search).getByLabelText('Leden zoeken'), '  piet@example.com ');
    await userEvent.click(within(search).getByRole('button', { name: 'Zoeken' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=piet%40example.com'));
  });

  it('sends no inbox reply with Enter while nothing is typed, and shows a refused reply above the box', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': moderator,
      'GET /api/admin/inbox-thread.php': () => jsonResponse(200, buildThread()),
      'GET /api/admin/inbox.php': () => jsonResponse(200, { threads: [] }),
      'POST /api/admin/inbox-reply.php': () =>
        jsonResponse(409, { error: 'conversation_closed', message: 'Dit gesprek is gesloten.' }),
    });
    await openConsole('/admin/inbox/5');

    const reply = await screen.findByLabelText('Antwoord als Eva');
    expect(reply).toHaveAccessibleDescription('Enter verstuurt, Shift+Enter voor een nieuwe regel.');
    await userEvent.type(reply, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Versturen' })).toBeDisabled();
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.type(reply, 'Hoi!{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit gesprek is gesloten.');
    expect(reply).toHaveValue('   Hoi!');
    expect(commands(fetchMock)).toHaveLength(1);
  });
});
