import { POLL_INTERVAL, POLL_INTERVAL_WITH_PUSH } from '@app/shared';

export interface PollInput {
  loggedIn: boolean;
  /** Push messages announce news, so polling can slow down. */
  pushSubscribed: boolean;
  /** Polling waits POLL_START_DELAY after the page opened. */
  started: boolean;
}

/** How often to refresh the member (spec section 7), or false for no polling at all. */
export function pollInterval({ loggedIn, pushSubscribed, started }: PollInput): number | false {
  if (!loggedIn || !started) return false;
  return pushSubscribed ? POLL_INTERVAL_WITH_PUSH : POLL_INTERVAL;
}
