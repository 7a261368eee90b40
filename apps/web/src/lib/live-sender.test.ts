import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveSocketClosed, liveSocketOpened, showConversation } from './live-sender';

/** A socket stand-in that keeps what was sent on it. */
function buildSocket() {
  const sent: unknown[] = [];
  return { sent, send: (data: string) => void sent.push(JSON.parse(data)) };
}

const watch = (conversationId: number | null) => ({ type: 'watch', conversation_id: conversationId });

describe('live-sender', () => {
  let visibility: DocumentVisibilityState = 'visible';
  const cleanups: (() => void)[] = [];
  let socket = buildSocket();

  function show(conversationId: number): () => void {
    const cleanup = showConversation(conversationId);
    cleanups.push(cleanup);
    return cleanup;
  }

  function setVisibility(state: DocumentVisibilityState) {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  }

  beforeEach(() => {
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    socket = buildSocket();
  });
  afterEach(() => {
    liveSocketClosed(socket);
    for (const cleanup of cleanups.splice(0)) cleanup();
    vi.restoreAllMocks();
  });

  it('tells a socket as it opens what the tab shows, none too', () => {
    liveSocketOpened(socket);
    expect(socket.sent).toEqual([watch(null)]);
    liveSocketClosed(socket);

    show(5);
    const next = buildSocket();
    liveSocketOpened(next);
    expect(next.sent).toEqual([watch(5)]);
    liveSocketClosed(next);
  });

  it('tells the open socket whenever the shown conversation changes, and only then', () => {
    liveSocketOpened(socket);
    const leave5 = show(5);
    show(5);
    leave5();
    const leave7 = show(7);
    leave7();
    expect(socket.sent).toEqual([watch(null), watch(5), watch(7), watch(5)]);
  });

  it('shows none while the tab is hidden, and the conversation again when it is visible', () => {
    show(5);
    liveSocketOpened(socket);
    setVisibility('hidden');
    setVisibility('hidden');
    setVisibility('visible');
    expect(socket.sent).toEqual([watch(5), watch(null), watch(5)]);

    // A socket that opens while the tab is hidden is told none.
    setVisibility('hidden');
    const next = buildSocket();
    liveSocketOpened(next);
    expect(next.sent).toEqual([watch(null)]);
    liveSocketClosed(next);
  });

  it('sends nothing while no socket is open', () => {
    liveSocketOpened(socket);
    liveSocketClosed(socket);
    const leave = show(5);
    setVisibility('hidden');
    setVisibility('visible');
    leave();
    expect(socket.sent).toEqual([watch(null)]);
  });

  it('keeps a conversation shown since when the one before it is cleaned up', () => {
    liveSocketOpened(socket);
    const leave5 = show(5);
    const leave7 = show(7);
    leave5();
    expect(socket.sent).toEqual([watch(null), watch(5), watch(7)]);
    leave7();
    expect(socket.sent.at(-1)).toEqual(watch(null));
  });
});
