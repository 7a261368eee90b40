import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VerificationQueueResponse, VerificationRequest } from '@app/shared';
import { buildStaff, commands, jsonResponse, openConsole, serve, stubConsoleFetch } from '../testing/api-stub';

const fetchMock = stubConsoleFetch();

function request(overrides: Partial<VerificationRequest> = {}): VerificationRequest {
  return {
    id: 5,
    member_id: 70,
    member_name: 'Lotte',
    domain: 'localhost',
    pose: 'left_hand_on_ear',
    created_at: '2025-01-02T10:00:00.000Z',
    selfie_url: '/api/admin/verification-selfie.php?id=5',
    photos: [{ id: 9, url: '/media/a-main.webp', is_main: true }],
    ...overrides,
  };
}

const queue = (...requests: VerificationRequest[]): VerificationQueueResponse => ({ requests, next_after: null });

describe('VerificationScreen', () => {
  it('shows selfie and pose beside the photos, and approves with a labelled button', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/verification.php': () => jsonResponse(200, queue(request())),
      'POST /api/admin/verification.php': () => jsonResponse(200, { ok: true }),
    });
    await openConsole('/admin/verification');

    expect(await screen.findByRole('img', { name: 'Selfie van Lotte' })).toHaveAttribute(
      'src',
      '/api/admin/verification-selfie.php?id=5',
    );
    expect(screen.getByRole('img', { name: 'Foto van Lotte' })).toHaveAttribute('src', '/media/a-main.webp');
    expect(screen.getByText('Linkerhand tegen het oor')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Beheer' });
    expect(within(nav).getByRole('link', { name: 'Verificaties' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Verificatie van Lotte goedkeuren' }));
    await waitFor(() =>
      expect(commands(fetchMock)).toEqual([
        { path: '/api/admin/verification.php', method: 'POST', body: { id: 5, decision: 'approve' } },
      ]),
    );
    expect(await screen.findByText('Er wachten geen verificatieverzoeken.')).toBeInTheDocument();
  });

  it('rejects only with a reason, which it sends', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/verification.php': () =>
        jsonResponse(200, queue(request(), request({ id: 6, member_name: 'Mila' }))),
      'POST /api/admin/verification.php': () => jsonResponse(200, { ok: true }),
    });
    await openConsole('/admin/verification');

    const reject = await screen.findByRole('button', { name: 'Verificatie van Lotte afwijzen' });
    await userEvent.click(reject);
    const reasons = screen.getAllByLabelText('Reden bij afwijzen (het lid leest deze)');
    expect(reasons[0]).toHaveAccessibleDescription('Geef een reden om af te wijzen.');
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.type(reasons[0]!, 'Gezicht niet zichtbaar');
    await userEvent.click(reject);
    await waitFor(() =>
      expect(commands(fetchMock)).toEqual([
        {
          path: '/api/admin/verification.php',
          method: 'POST',
          body: { id: 5, decision: 'reject', reason: 'Gezicht niet zichtbaar' },
        },
      ]),
    );
    // Focus moves on to the next request's approve button.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verificatie van Mila goedkeuren' })).toHaveFocus());
  });

  it('loads the next page after the last request shown, oldest first, and decides there too', async () => {
    serve(fetchMock, {
      'GET /api/admin/me.php': () => jsonResponse(200, { staff: buildStaff({ role: 'moderator' }) }),
      'GET /api/admin/verification.php': (_body, url) =>
        url.searchParams.get('after') === '6'
          ? jsonResponse(200, queue(request({ id: 8, member_name: 'Noor' })))
          : jsonResponse(200, {
              ...queue(request(), request({ id: 6, member_name: 'Mila' })),
              next_after: 6,
            }),
      'POST /api/admin/verification.php': () => jsonResponse(200, { ok: true }),
    });
    await openConsole('/admin/verification');

    await screen.findByRole('button', { name: 'Verificatie van Mila goedkeuren' });
    expect(screen.queryByRole('button', { name: 'Verificatie van Noor goedkeuren' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));

    const noor = await screen.findByRole('button', { name: 'Verificatie van Noor goedkeuren' });
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual(['Lotte', 'Mila', 'Noor']);
    expect(fetchMock.mock.calls.map(([path]) => String(path))).toContain('/api/admin/verification.php?after=6');
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();

    await userEvent.click(noor);
    await waitFor(() =>
      expect(commands(fetchMock)).toEqual([
        { path: '/api/admin/verification.php', method: 'POST', body: { id: 8, decision: 'approve' } },
      ]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Verificatie van Noor goedkeuren' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Verificatie van Lotte goedkeuren' })).toBeInTheDocument();
  });
});
