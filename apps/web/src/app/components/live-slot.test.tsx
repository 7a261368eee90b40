import type { ChatsResponse, UserResponse } from '@app/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../data/query-keys';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { LiveSlot } from './live-slot';

/** A WebSocket stand-in that records what was opened and closed. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onmessage: ((event: MessageEvent) => unknown) | null = null;
  onclose: ((event: CloseEvent) => unknown) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }

  close() {
    this.closed = true;
  }
}

const setAppBadge = vi.fn(() => Promise.resolve());
const clearAppBadge = vi.fn(() => Promise.resolve());

function chats(unread: number): ChatsResponse {
  return {
    chats: [
      {
        id: 3,
        profile_id: 21,
        num_unread_messages: unread,
        profile: {
          id: 21,
          name: 'Daan',
          age: 31,
          city: null,
          region_id: null,
          country: 'NL',
          thumb: null,
          match: null,
          fictional: false,
          online: false,
          recently_active: false,
          active_this_week: false,
          verified: false,
        },
        last_message: null,
      },
    ],
  };
}

describe('LiveSlot', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    Object.assign(navigator, { setAppBadge, clearAppBadge });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setAppBadge.mockClear();
    clearAppBadge.mockClear();
  });

  it('opens one live channel for a member, shows the app badge, and closes both at logout', async () => {
    queryClient.setQueryData(queryKeys.chats, chats(2));
    await renderWithApp([{ path: '/', element: <LiveSlot /> }], { user: buildUser() });
    await vi.waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
    expect(FakeSocket.opened[0]!.url).toBe(`ws://${window.location.host}/api/live`);
    await vi.waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(2));

    act(() => queryClient.setQueryData(queryKeys.chats, chats(5)));
    await vi.waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(5));

    act(() => queryClient.setQueryData<UserResponse>(queryKeys.user, { user: null }));
    await vi.waitFor(() => expect(FakeSocket.opened[0]!.closed).toBe(true));
    expect(clearAppBadge).toHaveBeenCalled();
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it('is nothing for a visitor', async () => {
    await renderWithApp(
      [
        {
          path: '/',
          element: (
            <>
              <p>Pagina</p>
              <LiveSlot />
            </>
          ),
        },
      ],
      { user: null },
    );
    expect(await screen.findByText('Pagina')).toBeInTheDocument();
    expect(FakeSocket.opened).toHaveLength(0);
    expect(setAppBadge).not.toHaveBeenCalled();
  });
});
