import { DISMISSAL_KEYS, type ChatsResponse } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildCard,
  buildChat,
  buildEntry,
  buildMessage,
  commands,
  jsonResponse,
  reads,
  serve,
} from '../../features/chat/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../data/query-keys';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

const QUIET = {
  'GET /api/likes.php': () =>
    jsonResponse(200, {
      profiles: [],
      liked_by: [],
      matches: [],
      new_likes: 0,
      next: { given: null, received: null, matches: null },
    }),
  'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
};

describe('the chat list', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await import('./chats');
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists each chat with its partner, last message or its kind, and the unread count', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/chats.php': () =>
        jsonResponse(200, {
          chats: [
            buildEntry({ id: 5, num_unread_messages: 3 }),
            buildEntry({
              id: 6,
              profile_id: 21,
              profile: buildCard({ id: 21, name: 'Lotte', fictional: true }),
              last_message: { body: '', kind: 'image', from_me: true, at: '2026-01-02T10:00:00Z' },
            }),
            buildEntry({
              id: 7,
              profile_id: 31,
              profile: buildCard({ id: 31, name: 'Noor' }),
              last_message: { body: '', kind: 'gift', from_me: false, at: '2026-01-01T10:00:00Z' },
            }),
          ],
        }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats', user: buildUser() });

    const list = await screen.findByRole('list', { name: 'Je gesprekken' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const eva = within(rows[0]!).getByRole('link');
    expect(eva).toHaveAttribute('href', '/chats/5');
    expect(eva).toHaveTextContent('Eva');
    expect(eva).toHaveTextContent('Hoi!');
    expect(within(eva).getByText('3 ongelezen berichten')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link')).toHaveTextContent('Jij: Foto');
    expect(
      within(rows[1]!).getByRole('img', { name: 'Dit profiel is fictief en wordt beheerd door ons team.' }),
    ).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link')).toHaveTextContent('Cadeautje');
    expect(within(rows[2]!).queryByText(/ongelezen/)).not.toBeInTheDocument();
  });

  it('stands beside the conversation on a wide screen, under the top navigation, before and after one opens', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(min-width: 992px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    serve(fetchMock, {
      ...QUIET,
      'GET /api/chats.php': () => jsonResponse(200, { chats: [buildEntry({ id: 5 })] }),
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: [buildMessage({ id: 1 })] })),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats', user: buildUser() });

    const aside = await screen.findByRole('complementary', { name: 'Berichten' });
    expect(within(aside).getByRole('heading', { level: 1, name: 'Berichten' })).toBeInTheDocument();
    const pane = screen.getByRole('region', { name: 'Kies een gesprek' });
    expect(within(pane).getByText(/Kies links een gesprek/)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Hoofdmenu' })).toBeInTheDocument();

    // By keyboard: the chat opens beside the list, the composer takes the focus, the navigation stays.
    within(aside).getByRole('link', { name: /Eva/ }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Bericht aan Eva' })).toHaveFocus());
    expect(screen.getByRole('navigation', { name: 'Hoofdmenu' })).toBeInTheDocument();
    const besides = screen.getByRole('complementary', { name: 'Berichten' });
    expect(within(besides).getByRole('link', { current: 'page' })).toHaveAttribute('href', '/chats/5');
    expect(screen.queryByRole('region', { name: 'Kies een gesprek' })).not.toBeInTheDocument();
  });

  it('invites to discover members while there are no chats', async () => {
    serve(fetchMock, { ...QUIET, 'GET /api/chats.php': () => jsonResponse(200, { chats: [] }) });
    await renderWithApp(appRoutes(queryClient), { path: '/chats', user: buildUser() });

    expect(await screen.findByRole('heading', { name: 'Nog geen gesprekken' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leden ontdekken' })).toHaveAttribute('href', '/members');
  });

  it('offers a retry when the list cannot load', async () => {
    let fail = true;
    serve(fetchMock, {
      ...QUIET,
      'GET /api/chats.php': () =>
        fail
          ? jsonResponse(400, { error: 'bad_request', message: 'Fout' })
          : jsonResponse(200, { chats: [buildEntry()] }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats', user: buildUser() });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Je gesprekken konden niet worden geladen.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('list', { name: 'Je gesprekken' })).toBeInTheDocument();
  });

  it('deletes a chat after asking, at once from the list', async () => {
    serve(fetchMock, {
      ...QUIET,
      'GET /api/chats.php': () =>
        jsonResponse(200, {
          chats: [buildEntry({ id: 5 }), buildEntry({ id: 6, profile: buildCard({ id: 21, name: 'Lotte' }) })],
        }),
      'DELETE /api/chat.php': () => jsonResponse(200, { ok: true }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats', user: buildUser() });

    // Escape takes the question back, and focus returns to the delete button.
    await userEvent.click(await screen.findByRole('button', { name: 'Gesprek met Eva verwijderen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Annuleren' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Gesprek met Eva verwijderen' })).toHaveFocus());
    expect(commands(fetchMock)).toEqual([]);

    await userEvent.keyboard('{Enter}');
    const confirm = screen.getByRole('group', { name: 'Gesprek met Eva verwijderen?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));

    await waitFor(() => expect(screen.queryByText('Eva')).not.toBeInTheDocument());
    expect(screen.getByText('Lotte')).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([{ path: '/api/chat.php', method: 'DELETE', body: { conversation: 5 } }]);
    expect(queryClient.getQueryData<ChatsResponse>(queryKeys.chats)?.chats.map((chat) => chat.id)).toEqual([6]);
  });

  it('alerts the error and reloads the list when the server refuses a delete', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    serve(fetchMock, {
      ...QUIET,
      'GET /api/chats.php': () => jsonResponse(200, { chats: [buildEntry({ id: 5 })] }),
      'DELETE /api/chat.php': () => jsonResponse(404, { error: 'not_found', message: 'Dit gesprek bestaat niet.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats', user: buildUser() });

    await userEvent.click(await screen.findByRole('button', { name: 'Gesprek met Eva verwijderen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Dit gesprek bestaat niet.'));
    await waitFor(() => expect(reads(fetchMock, '/api/chats.php')).toHaveLength(2));
    expect(await screen.findByText('Eva')).toBeInTheDocument();
  });
});
