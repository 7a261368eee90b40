import { DISMISSAL_KEYS, type ChatsResponse, type UserResponse } from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatPages } from '../../features/chat/api/chat-cache';
import {
  buildCard,
  buildChat,
  buildEntry,
  buildMessage,
  commands,
  GIFTS,
  jsonResponse,
  reads,
  serve,
} from '../../features/chat/testing/api-stub';
import { applyLiveEvent } from '../../lib/live';
import { liveSocketClosed, liveSocketOpened } from '../../lib/live-sender';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../data/query-keys';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

const WARNING = 'Dit profiel is fictief en wordt beheerd door ons team.';
const HISTORY = [
  buildMessage({ id: 3, from_me: true, sender_id: 7, body: 'Zin in koffie?', at: '2026-01-02T10:05:00' }),
  buildMessage({
    id: 2,
    kind: 'image',
    body: '',
    image: { url: '/media/chat/2.webp', thumb: '/media/chat/2-thumb.webp', width: 1200, height: 800 },
    at: '2026-01-02T10:00:00',
  }),
  buildMessage({
    id: 1,
    kind: 'gift',
    body: '',
    gift: { key: 'rose', name: 'Rose', image: '/gifts/rose.svg' },
    at: '2026-01-01T09:00:00',
  }),
];

/** The send answer: the stored message and the balance after it. */
function sent(overrides: Parameters<typeof buildMessage>[0], credits = 40, freeLeft = 0) {
  return jsonResponse(200, {
    message: buildMessage({ id: 50, from_me: true, sender_id: 7, ...overrides }),
    credits,
    free_messages_left: freeLeft,
  });
}

describe('a conversation', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await import('./chat');
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the partner and the messages by day, and marks the chat read in the list', async () => {
    queryClient.setQueryData<ChatsResponse>(queryKeys.chats, {
      chats: [buildEntry({ id: 5, num_unread_messages: 2 })],
    });
    serve(fetchMock, {
      'GET /api/chat.php': () =>
        jsonResponse(
          200,
          buildChat({ messages: HISTORY, profile: buildCard({ id: 12, name: 'Eva', fictional: true, online: true }) }),
        ),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser() });

    const heading = await screen.findByRole('heading', { level: 1, name: 'Eva' });
    expect(within(heading).getByRole('link')).toHaveAttribute('href', '/members/12');
    expect(screen.getByText('Nu online')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: WARNING }).length).toBeGreaterThan(0);
    expect(screen.getByText(WARNING, { selector: 'span' })).toBeInTheDocument();

    const log = screen.getByRole('log', { name: 'Berichten met Eva' });
    const days = within(log).getAllByRole('group');
    expect(days).toHaveLength(2);
    expect(within(days[0]!).getByText('Cadeautje: Roos')).toBeInTheDocument();
    const photo = within(days[1]!).getByRole('link', { name: 'Foto op volle grootte openen' });
    expect(photo).toHaveAttribute('href', '/media/chat/2.webp');
    expect(within(photo).getByRole('img')).toHaveAttribute('width', '240');
    expect(within(photo).getByRole('img')).toHaveAttribute('height', '160');
    expect(within(days[1]!).getByText('Zin in koffie?')).toBeInTheDocument();

    expect(reads(fetchMock, '/api/chat.php')).toEqual(['/api/chat.php?id=5']);
    // Wide screens keep the chat list beside the conversation, this one marked current.
    const aside = screen.getByRole('complementary', { name: 'Berichten' });
    expect(within(aside).getByRole('link', { current: 'page' })).toHaveAttribute('href', '/chats/5');
    await waitFor(() =>
      expect(queryClient.getQueryData<ChatsResponse>(queryKeys.chats)?.chats[0]?.num_unread_messages).toBe(0),
    );
  });

  it('says the partner is typing in a polite live region, until their message arrives or 5 s pass', async () => {
    serve(fetchMock, { 'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: HISTORY })) });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser() });
    await screen.findByRole('heading', { level: 1, name: 'Eva' });

    act(() => applyLiveEvent(queryClient, { type: 'typing', conversation_id: 5, member_id: 12 }));
    const typing = await screen.findByText('Eva is aan het typen…');
    expect(typing.closest('[aria-live="polite"]')).not.toBeNull();
    act(() =>
      applyLiveEvent(queryClient, {
        type: 'message',
        message: buildMessage({ id: 60, conversation_id: 5, sender_id: 12, body: 'Ja leuk!' }),
      }),
    );
    await waitFor(() => expect(screen.queryByText('Eva is aan het typen…')).not.toBeInTheDocument());

    // Another member's typing in this chat is not the partner's.
    act(() => applyLiveEvent(queryClient, { type: 'typing', conversation_id: 5, member_id: 99 }));
    expect(screen.queryByText('Eva is aan het typen…')).not.toBeInTheDocument();
    // The last event came almost 5 s ago: it goes by itself.
    act(() => queryClient.setQueryData(queryKeys.typing(5), { member_id: 12, at: Date.now() - 4_800 }));
    expect(await screen.findByText('Eva is aan het typen…')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Eva is aan het typen…')).not.toBeInTheDocument(), {
      timeout: 2_000,
    });
  });

  it("shows 'seen' under the member's last message the partner read, with its time, live too", async () => {
    const mine = (id: number, body: string, at: string) => buildMessage({ id, from_me: true, sender_id: 7, body, at });
    const messages = [
      mine(9, 'Tot morgen!', '2026-01-02T11:00:00Z'),
      mine(8, 'Leuk je te spreken', '2026-01-02T10:30:00Z'),
      ...HISTORY,
    ];
    serve(fetchMock, {
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages, seen_at: '2026-01-02T10:45:00Z' })),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser() });

    const seen = await screen.findByRole('button', { name: 'Gezien' });
    expect(screen.getAllByRole('button', { name: 'Gezien' })).toHaveLength(1);
    expect(seen.closest('li')).toHaveTextContent('Leuk je te spreken');
    expect(seen.getAttribute('title')).toMatch(/^Gezien op .*2026/);
    expect(seen).toHaveAccessibleDescription(seen.getAttribute('title')!);
    seen.focus();
    await userEvent.keyboard('{Enter}');
    expect(seen).toHaveAttribute('aria-expanded', 'true');

    act(() =>
      applyLiveEvent(queryClient, { type: 'read', conversation_id: 5, by_me: false, at: '2026-01-02T11:05:00Z' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Gezien' }).closest('li')).toHaveTextContent('Tot morgen!'),
    );
    expect(screen.getAllByRole('button', { name: 'Gezien' })).toHaveLength(1);
  });

  it("shows the verified badge in the header of a verified partner's chat", async () => {
    serve(fetchMock, {
      'GET /api/chat.php': () =>
        jsonResponse(200, buildChat({ profile: buildCard({ id: 12, name: 'Eva', verified: true }) })),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser() });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Eva' });
    expect(within(heading.closest('header')!).getByRole('img', { name: 'Geverifieerd' })).toBeInTheDocument();
  });

  it('keeps the likes behind the page title loaded in the chat layout too', async () => {
    serve(fetchMock, {
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: HISTORY })),
      'GET /api/likes.php': () => jsonResponse(200, { profiles: [], liked_by: [], matches: [], new_likes: 3 }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser() });

    await waitFor(() => expect(reads(fetchMock, '/api/likes.php')).toEqual(['/api/likes.php']));
  });

  it('sends a text with Enter: pending first, then stored, with the new balance and the next cost', async () => {
    let answer: (response: Response) => void = () => undefined;
    serve(fetchMock, {
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: HISTORY, free_messages_left: 1 })),
      'GET /api/chats.php': () => jsonResponse(200, { chats: [] }),
    });
    const post = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      init?.method === 'POST' ? new Promise<Response>((resolve) => (answer = resolve)) : post(input, init),
    );
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser({ credits: 50 }) });

    expect(await screen.findByText(/Je volgende bericht is gratis \(nog 1 gratis bericht\)/)).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Bericht aan Eva' });
    await userEvent.type(field, 'Hallo Eva{Shift>}{Enter}{/Shift}hoe gaat het?{Enter}');

    expect(field).toHaveValue('');
    expect(screen.getByText('Wordt verstuurd…')).toBeInTheDocument();
    // Typing told the partner once (at most once per two seconds), then the message went.
    expect(commands(fetchMock)).toEqual([
      { path: '/api/typing.php', method: 'POST', body: { conversation: 5 } },
      {
        path: '/api/message.php',
        method: 'POST',
        body: { conversation_id: 5, body: 'Hallo Eva\nhoe gaat het?' },
      },
    ]);

    await act(async () => answer(sent({ body: 'Hallo Eva\nhoe gaat het?' }, 50, 0)));
    await waitFor(() => expect(screen.queryByText('Wordt verstuurd…')).not.toBeInTheDocument());
    expect(screen.getByText(/Hallo Eva/)).toBeInTheDocument();
    expect(screen.getByText(/Volgend bericht: 10 credits/)).toBeInTheDocument();
    expect(queryClient.getQueryData<UserResponse>(queryKeys.user)?.user?.credits).toBe(50);
    const pages = queryClient.getQueryData<ChatPages>(queryKeys.chat(5));
    expect(pages?.pages[0]?.messages[0]?.id).toBe(50);
  });

  it('says on the open live channel that it shows the chat, and tells the partner of the typing there', async () => {
    const socket = { send: vi.fn<(data: string) => void>() };
    liveSocketOpened(socket);
    try {
      serve(fetchMock, {
        'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: HISTORY })),
        'GET /api/chats.php': () => jsonResponse(200, { chats: [] }),
      });
      await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser({ credits: 50 }) });

      const field = await screen.findByRole('textbox', { name: 'Bericht aan Eva' });
      await userEvent.type(field, 'Hallo Eva');
      // No request of its own for the typing; the socket was told at once that the tab shows none.
      expect(socket.send.mock.calls.map(([data]) => JSON.parse(data) as unknown)).toEqual([
        { type: 'watch', conversation_id: null },
        { type: 'watch', conversation_id: 5 },
        { type: 'typing', conversation_id: 5 },
      ]);
      expect(commands(fetchMock)).toEqual([]);
    } finally {
      liveSocketClosed(socket);
    }
  });

  it('asks to buy credits when they run out, and keeps the text', async () => {
    serve(fetchMock, {
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: HISTORY })),
      'POST /api/message.php': () =>
        jsonResponse(402, { error: 'insufficient_credits', message: 'Je hebt niet genoeg credits.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser({ credits: 0 }) });

    const field = await screen.findByRole('textbox', { name: 'Bericht aan Eva' });
    await userEvent.type(field, 'Nog even dit');
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Niet genoeg credits' });
    expect(within(dialog).getByText('Je hebt niet genoeg credits.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Credits kopen' })).toHaveAttribute('href', '/credits');
    expect(field).toHaveValue('Nog even dit');
    expect(screen.queryByText('Wordt verstuurd…')).not.toBeInTheDocument();
  });

  /** The Idempotency-Key header of each POST to `path`, in order. */
  function sendKeys(path: string): Array<string | undefined> {
    return fetchMock.mock.calls
      .filter(([input, init]) => init?.method === 'POST' && String(input) === path)
      .map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);
  }

  it('sends each message under a key of its own, the same in every retry of it', async () => {
    let posts = 0;
    serve(fetchMock, {
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: HISTORY })),
      'GET /api/chats.php': () => jsonResponse(200, { chats: [] }),
      'POST /api/message.php': (body) => {
        posts += 1;
        // The first attempt gets no answer (it may have been stored): the client tries again.
        if (posts === 1) throw new TypeError('Failed to fetch');
        return sent({ id: 50 + posts, body: String(body?.body) });
      },
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser({ credits: 50 }) });

    const field = await screen.findByRole('textbox', { name: 'Bericht aan Eva' });
    await userEvent.type(field, 'Eerste{Enter}');
    await waitFor(() => expect(posts).toBe(2));
    await waitFor(() => expect(screen.queryByText('Wordt verstuurd…')).not.toBeInTheDocument());
    await userEvent.type(field, 'Tweede{Enter}');
    await waitFor(() => expect(posts).toBe(3));

    const [first, retry, second] = sendKeys('/api/message.php');
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(retry).toBe(first);
    expect(second).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(second).not.toBe(first);
  });

  it('sends a text the composer put back after a failure under the key of its first try', async () => {
    const answers = [
      jsonResponse(400, { error: 'repeated_message', message: 'Dit bericht heb je net al gestuurd.' }),
      sent({ id: 51, body: 'Hoi' }),
      sent({ id: 52, body: 'Hoi' }),
    ];
    serve(fetchMock, {
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: HISTORY })),
      'GET /api/chats.php': () => jsonResponse(200, { chats: [] }),
      'POST /api/message.php': () => answers.shift()!,
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser({ credits: 50 }) });

    const field = await screen.findByRole('textbox', { name: 'Bericht aan Eva' });
    await userEvent.type(field, 'Hoi{Enter}');
    expect(await screen.findByText('Dit bericht heb je net al gestuurd.')).toBeInTheDocument();
    expect(field).toHaveValue('Hoi');
    await userEvent.type(field, '{Enter}');
    await waitFor(() => expect(answers).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Wordt verstuurd…')).not.toBeInTheDocument());
    // Sent, the same words again are a new message.
    await userEvent.type(field, 'Hoi{Enter}');
    await waitFor(() => expect(answers).toHaveLength(0));

    const [failed, resent, again] = sendKeys('/api/message.php');
    expect(resent).toBe(failed);
    expect(again).not.toBe(failed);
  });

  it('shows the premium prompt when a free member starts one conversation too many', async () => {
    serve(fetchMock, {
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ id: null, messages: [] })),
      'POST /api/message.php': () =>
        jsonResponse(403, {
          error: 'conversation_limit_reached',
          message: 'Met een gratis account kun je 2 gesprekken beginnen.',
        }),
    });
    localStorage.setItem('dismissed-icebreaker-12', String(Date.now()));
    await renderWithApp(appRoutes(queryClient), { path: '/members/12/chat', user: buildUser() });

    await userEvent.type(await screen.findByRole('textbox', { name: 'Bericht aan Eva' }), 'Hoi{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Word premium lid' });
    expect(within(dialog).getByText('Met een gratis account kun je 2 gesprekken beginnen.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Bekijk premium' })).toHaveAttribute('href', '/premium');
  });

  it('says the e-mail must be confirmed first when an unconfirmed member writes', async () => {
    serve(fetchMock, {
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: HISTORY })),
      'POST /api/message.php': () =>
        jsonResponse(403, { error: 'account_not_confirmed', message: 'Bevestig eerst je e-mailadres.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser({ status: 'not_confirmed' }) });

    await userEvent.type(await screen.findByRole('textbox', { name: 'Bericht aan Eva' }), 'Hoi{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Bevestig eerst je e-mailadres' });
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('opens with a member, and moves to the conversation once the first message started it', async () => {
    serve(fetchMock, {
      'GET /api/chat.php': (_, url) =>
        url.searchParams.get('member_id') === '12'
          ? jsonResponse(200, buildChat({ id: null, messages: [], free_messages_left: 3 }))
          : jsonResponse(200, buildChat({ id: 77, messages: [buildMessage({ id: 50, conversation_id: 77 })] })),
      'POST /api/message.php': () => sent({ conversation_id: 77, body: 'Hoi Eva' }, 50, 2),
      'GET /api/chats.php': () => jsonResponse(200, { chats: [] }),
    });
    localStorage.setItem('dismissed-icebreaker-12', String(Date.now()));
    const { router } = await renderWithApp(appRoutes(queryClient), {
      path: '/members/12/chat',
      user: buildUser(),
      settings: { minimum_message_costs: { NL: { costs: 99, currency: 'EUR' } } },
    });

    expect(await screen.findByRole('heading', { name: 'Zeg hallo tegen Eva!' })).toBeInTheDocument();
    expect(screen.getAllByText(/berichten vanaf € 0,99/i).length).toBeGreaterThan(0);
    await userEvent.type(screen.getByRole('textbox', { name: 'Bericht aan Eva' }), 'Hoi Eva{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/77'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(commands(fetchMock)[0]).toEqual({
      path: '/api/message.php',
      method: 'POST',
      body: { member_id: 12, body: 'Hoi Eva' },
    });
    expect(await screen.findByText('Hoi Eva')).toBeInTheDocument();
    expect(reads(fetchMock, '/api/chat.php')).toEqual(['/api/chat.php?member_id=12']);
  });

  it('moves to the conversation at once when the member already has one with that member', async () => {
    serve(fetchMock, {
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ id: 5, messages: HISTORY, next: 1 })),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/members/12/chat', user: buildUser() });

    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/5'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Zin in koffie?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Oudere berichten laden' })).toBeInTheDocument();
    expect(reads(fetchMock, '/api/chat.php')).toEqual(['/api/chat.php?member_id=12']);
  });

  it('opens the icebreakers once on a new chat; an opener fills the composer without sending', async () => {
    serve(fetchMock, { 'GET /api/chat.php': () => jsonResponse(200, buildChat({ id: null, messages: [] })) });
    await renderWithApp(appRoutes(queryClient), { path: '/members/12/chat', user: buildUser() });

    const dialog = await screen.findByRole('dialog', { name: 'Kies een openingszin' });
    const openers = within(dialog)
      .getAllByRole('button')
      .filter((button) => button.className === 'icebreaker-option');
    expect(openers.length).toBeGreaterThanOrEqual(6);
    expect(openers.length).toBeLessThanOrEqual(8);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hoi Eva, waar droom je stiekem nog van?' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Bericht aan Eva' })).toHaveValue(
      'Hoi Eva, waar droom je stiekem nog van?',
    );
    expect(commands(fetchMock)).toEqual([]);
    expect(localStorage.getItem('dismissed-icebreaker-12')).not.toBeNull();

    // From the button by the composer it opens again whenever the member asks.
    await userEvent.click(screen.getByRole('button', { name: 'Openingszinnen' }));
    expect(await screen.findByRole('dialog', { name: 'Kies een openingszin' })).toBeInTheDocument();
  });

  it('sends a gift from the picker, with its price, as a gift message', async () => {
    serve(fetchMock, {
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: HISTORY })),
      'GET /api/gifts.php': () => jsonResponse(200, { gifts: GIFTS }),
      'GET /api/chats.php': () => jsonResponse(200, { chats: [] }),
      'POST /api/gift.php': () =>
        sent({ kind: 'gift', body: '', gift: { key: 'champagne', name: 'Champagne', image: '/gifts/champagne.svg' } }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser() });

    await userEvent.click(await screen.findByRole('button', { name: 'Cadeautje sturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stuur Eva een cadeautje' });
    const grid = await within(dialog).findByRole('list', { name: 'Kies een cadeautje' });
    expect(within(grid).getAllByRole('button')).toHaveLength(2);
    const champagne = within(grid).getByRole('button', { name: /Champagne/ });
    expect(champagne).toHaveTextContent('50 credits');
    await userEvent.click(champagne);
    expect(champagne).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Champagne sturen voor 50 credits' }));

    expect(await screen.findByText('Cadeautje: Champagne')).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([
      { path: '/api/gift.php', method: 'POST', body: { conversation_id: 5, gift: 'champagne' } },
    ]);
  });

  it('uploads a photo as multipart with the conversation', async () => {
    serve(fetchMock, {
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: HISTORY })),
      'GET /api/chats.php': () => jsonResponse(200, { chats: [] }),
      'POST /api/message-image.php': () =>
        sent({
          kind: 'image',
          body: '',
          image: { url: '/media/chat/50.webp', thumb: '/media/chat/50-thumb.webp', width: 400, height: 400 },
        }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser() });

    const input = await screen.findByLabelText('Foto versturen (15 credits)');
    await userEvent.upload(input, new File(['png'], 'ik.png', { type: 'image/png' }));

    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Foto op volle grootte openen' })).toHaveLength(2));
    const [upload] = commands(fetchMock);
    expect(upload?.path).toBe('/api/message-image.php');
    expect(upload?.body?.conversation_id).toBe('5');
    expect(upload?.body?.file).toBeInstanceOf(File);
  });

  it('loads older messages with the page cursor', async () => {
    serve(fetchMock, {
      'GET /api/chat.php': (_, url) =>
        url.searchParams.get('before') === '3'
          ? jsonResponse(200, buildChat({ messages: [buildMessage({ id: 1, body: 'Het allereerste bericht' })] }))
          : jsonResponse(200, buildChat({ messages: [buildMessage({ id: 3, body: 'Nieuwste' })], next: 3 })),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser() });

    await userEvent.click(await screen.findByRole('button', { name: 'Oudere berichten laden' }));
    expect(await screen.findByText('Het allereerste bericht')).toBeInTheDocument();
    expect(reads(fetchMock, '/api/chat.php')).toEqual(['/api/chat.php?id=5', '/api/chat.php?id=5&before=3']);
    expect(screen.queryByRole('button', { name: 'Oudere berichten laden' })).not.toBeInTheDocument();
  });

  it('marks a message the live channel adds read on the server, once', async () => {
    serve(fetchMock, {
      'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: HISTORY })),
      'POST /api/chat-read.php': () => jsonResponse(200, { ok: true }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser() });
    await screen.findByText('Zin in koffie?');

    const arrived = buildMessage({ id: 60, body: 'Graag!' });
    act(() => {
      queryClient.setQueryData<ChatPages>(queryKeys.chat(5), (data) =>
        data ? { ...data, pages: [{ ...data.pages[0]!, messages: [arrived, ...data.pages[0]!.messages] }] } : data,
      );
    });

    expect(await screen.findByText('Graag!')).toBeInTheDocument();
    await waitFor(() =>
      expect(commands(fetchMock)).toEqual([{ path: '/api/chat-read.php', method: 'POST', body: { conversation: 5 } }]),
    );
  });

  it('is read-only with a notice when the partner can no longer be written to', async () => {
    serve(fetchMock, { 'GET /api/chat.php': () => jsonResponse(200, buildChat({ messages: HISTORY, closed: true })) });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser() });

    expect(await screen.findByText(/Je kunt Eva geen berichten meer sturen/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    // Nothing to write: opening it puts focus on the partner's name, where reading starts.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Eva' })).toHaveFocus());
  });

  it('puts focus in the composer as it opens, and again in the next chat opened beside it', async () => {
    queryClient.setQueryData<ChatsResponse>(queryKeys.chats, {
      chats: [
        buildEntry({ id: 5 }),
        buildEntry({ id: 6, profile_id: 21, profile: buildCard({ id: 21, name: 'Lotte' }) }),
      ],
    });
    serve(fetchMock, {
      'GET /api/chat.php': (_body, url) =>
        jsonResponse(
          200,
          url.searchParams.get('id') === '6'
            ? buildChat({ id: 6, messages: HISTORY, profile: buildCard({ id: 21, name: 'Lotte' }) })
            : buildChat({ messages: HISTORY }),
        ),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser() });

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Bericht aan Eva' })).toHaveFocus());
    await userEvent.click(screen.getByRole('link', { name: /Lotte/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Bericht aan Lotte' })).toHaveFocus());
  });

  it('reports a received message from the flag beside it, by keyboard', async () => {
    serve(fetchMock, {
      'GET /api/chat.php': () =>
        jsonResponse(
          200,
          buildChat({
            messages: [
              buildMessage({ id: 101, sender_id: 7, from_me: true, body: 'Hoi Eva' }),
              buildMessage({ id: 100, sender_id: 12 }),
            ],
          }),
        ),
      'POST /api/report.php': () => jsonResponse(200, { report: { id: 8, status: 'open' } }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/chats/5', user: buildUser() });
    const type = userEvent.setup();
    const flags = await screen.findAllByRole('button', { name: 'Bericht van Eva melden' });
    expect(flags).toHaveLength(1);
    flags[0]!.focus();
    await type.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Bericht van Eva melden' });
    await type.selectOptions(within(dialog).getByLabelText('Reden'), 'Intimidatie of beledigingen');
    await type.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));
    expect(await within(dialog).findByText('Bedankt. We bekijken je melding zo snel mogelijk.')).toBeInTheDocument();
    expect(commands(fetchMock).filter(({ path }) => path === '/api/report.php')).toEqual([
      { method: 'POST', path: '/api/report.php', body: { profile_id: 12, message_id: 100, reason: 'harassment' } },
    ]);
  });
});
