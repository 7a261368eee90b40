import { useChatsPolling } from '../api/get-chats';

/**
 * What runs for a logged-in member on every page with the unread badge (spec sections 6 and
 * 7): the chats polling behind it. The live channel updates the same cache in between.
 */
export function ChatsActivity() {
  useChatsPolling();
  return null;
}
