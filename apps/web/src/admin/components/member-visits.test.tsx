import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminMemberVisitsResponse } from '../api/contract';
import { buildMemberDetail, buildStaff, jsonResponse, openConsole, serve, stubConsoleFetch } from '../testing/api-stub';

const VISITS: AdminMemberVisitsResponse = {
  visitors: {
    total: 14,
    latest: [
      { member_id: 21, name: 'Sanne', last_at: '2026-11-20T10:15:00Z', count: 3 },
      { member_id: 22, name: null, last_at: '2026-11-19T08:00:00Z', count: 1 },
    ],
  },
  visited: { total: 0, latest: [] },
};

describe("the member view's visits", () => {
  const fetchMock = stubConsoleFetch();

  it('shows the counts and the latest visitors with their time, and says when there are none', async () => {
    const asked: string[] = [];
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'support' }) }),
      'GET /api/admin/member.php': () => jsonResponse(200, { member: buildMemberDetail() }),
      'GET /api/admin/member-visits.php': (_body, url) => {
        asked.push(url.search);
        return jsonResponse(200, VISITS);
      },
    });
    await openConsole('/admin/members/7');

    const visitors = await screen.findByRole('region', { name: 'Bezoekers van het profiel' });
    expect(asked).toEqual(['?id=7']);
    expect(within(visitors).getByText('14 leden bezochten dit profiel.')).toBeInTheDocument();
    const table = within(visitors).getByRole('table', { name: 'Bezoekers van het profiel: de laatste 2' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Sanne #21' })).toHaveAttribute('href', '/admin/members/21');
    expect(rows[1]).toHaveTextContent('3');
    expect(rows[1]).toHaveTextContent('2026');
    expect(within(rows[2]!).getByRole('link', { name: /#22/ })).toHaveAttribute('href', '/admin/members/22');

    const visited = screen.getByRole('region', { name: 'Bezochte profielen' });
    expect(within(visited).getByText('Dit lid bezocht 0 profielen.')).toBeInTheDocument();
    expect(within(visited).getByText('Dit lid bezocht nog geen profielen.')).toBeInTheDocument();
    expect(within(visited).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /bezoek/i })).not.toBeInTheDocument();
  });

  it('shows a failure to load the visits without losing the rest of the member', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff() }),
      'GET /api/admin/member.php': () => jsonResponse(200, { member: buildMemberDetail() }),
      'GET /api/admin/member-visits.php': () => jsonResponse(404, { error: 'not_found', message: 'Niet gevonden' }),
    });
    await openConsole('/admin/members/7');

    expect(await screen.findByRole('heading', { name: 'Piet', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Niet gevonden');
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });
});
