import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../data/query-keys';
import { countNewLikes, countUnreadMessages, useActivityCounts } from './use-activity-counts';

describe('countUnreadMessages', () => {
  it('adds up the unread messages of every chat', () => {
    const chats = { chats: [{ num_unread_messages: 2 }, { num_unread_messages: 0 }, { num_unread_messages: 5 }] };
    expect(countUnreadMessages(chats)).toBe(7);
  });

  it('is 0 without a chat list', () => {
    expect(countUnreadMessages(undefined)).toBe(0);
    expect(countUnreadMessages({ chats: null })).toBe(0);
  });
});

describe('countNewLikes', () => {
  it('counts the likes received that are still new', () => {
    const likes = {
      profiles: [{ id: 1, like_new: true }],
      liked_by: [
        { id: 2, like_new: true },
        { id: 3, like_new: false },
      ],
    };
    expect(countNewLikes(likes)).toBe(1);
  });
});

describe('useActivityCounts', () => {
  function Likes({ load }: { load: () => Promise<unknown> }) {
    useQuery({ queryKey: queryKeys.likes, queryFn: load });
    return null;
  }

  function Counts() {
    const { newLikes } = useActivityCounts();
    return <p>{`nieuw: ${newLikes}`}</p>;
  }

  it('follows the cache and leaves the likes refetchable after it renders', async () => {
    const queryClient = new QueryClient();
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve({ profiles: [], liked_by: [], new_likes: loads });
    };
    render(
      <QueryClientProvider client={queryClient}>
        <Likes load={load} />
        <Counts />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('nieuw: 1')).toBeInTheDocument();
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.likes }));
    expect(await screen.findByText('nieuw: 2')).toBeInTheDocument();
    act(() => queryClient.setQueryData(queryKeys.likes, { profiles: [], liked_by: [], new_likes: 120 }));
    expect(screen.getByText('nieuw: 120')).toBeInTheDocument();
    queryClient.clear();
  });
});
