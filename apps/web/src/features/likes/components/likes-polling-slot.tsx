import { useUser } from '../../../data/user';
import { useLikesPolling } from '../../../data/likes';

/**
 * The likes polling alone, for the chat layout: the page title counts new likes there too, but a
 * conversation is no place for the auto-like toast or the like modal of LikesActivitySlot.
 */
export function LikesPollingSlot() {
  return useUser() ? <LikesPolling /> : null;
}

function LikesPolling() {
  useLikesPolling();
  return null;
}
