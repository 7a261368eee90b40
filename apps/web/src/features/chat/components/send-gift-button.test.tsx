import { DISMISSAL_KEYS, type UserResponse } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../app/router';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../data/query-keys';
import { buildMember, buildUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { buildMessage, commands, GIFTS, jsonResponse, serve } from '../testing/api-stub';

const QUIET = {
  'GET /api/member.php': () => jsonResponse(200, { member: buildMember({ id: 12, name: 'Eva' }) }),
  'GET /api/likes.php': () =>
    jsonResponse(200, {
      profiles: [],
      liked_by: [],
      matches: [],
      new_likes: 0,
      next: { given: null, received: null, matches: null },
    }),
  'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
  'GET /api/gifts.php': () => jsonResponse(200, { gifts: GIFTS }),
  'GET /api/chats.php': () => jsonResponse(200, { chats: [] }),
};

describe('the gift action on a profile', () => {
  const fetchMock = vi.fn<typeof fetch>();

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

  async function chooseRose() {
    await userEvent.click(await screen.findByRole('button', { name: 'Cadeautje' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stuur Eva een cadeautje' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Roos/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roos sturen voor 20 credits' }));
  }

  it('sends the chosen gift to the member and says so, with the new balance', async () => {
    serve(fetchMock, {
      ...QUIET,
      'POST /api/gift.php': () =>
        jsonResponse(200, {
          message: buildMessage({
            id: 80,
            conversation_id: 9,
            from_me: true,
            kind: 'gift',
            body: '',
            gift: { key: 'rose', name: 'Rose', image: '/gifts/rose.svg' },
          }),
          credits: 30,
          free_messages_left: 0,
        }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: buildUser({ credits: 50 }) });

    await chooseRose();

    const notice = await screen.findByText(/Je cadeau \(Roos\) is naar Eva gestuurd/);
    expect(within(notice).getByRole('link', { name: 'Naar het gesprek' })).toHaveAttribute('href', '/chats/9');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([
      { path: '/api/gift.php', method: 'POST', body: { member_id: 12, gift: 'rose' } },
    ]);
    expect(queryClient.getQueryData<UserResponse>(queryKeys.user)?.user?.credits).toBe(30);
  });

  it('asks to buy credits when the gift costs more than the member has', async () => {
    serve(fetchMock, {
      ...QUIET,
      'POST /api/gift.php': () =>
        jsonResponse(402, { error: 'insufficient_credits', message: 'Je hebt niet genoeg credits.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: buildUser({ credits: 5 }) });

    await chooseRose();

    const prompt = await screen.findByRole('dialog', { name: 'Niet genoeg credits' });
    expect(within(prompt).getByText('Je hebt niet genoeg credits.')).toBeInTheDocument();
    expect(within(prompt).getByRole('link', { name: 'Credits kopen' })).toHaveAttribute('href', '/credits');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Stuur Eva een cadeautje' })).not.toBeInTheDocument(),
    );
  });

  it('is not offered to visitors', async () => {
    serve(fetchMock, QUIET);
    await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: null });

    expect(await screen.findByRole('link', { name: /Stuur een bericht/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cadeautje' })).not.toBeInTheDocument();
  });
});
