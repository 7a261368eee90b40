import type { LiveClientFrame } from '@app/shared';

/**
 * The tab's open live channel, for what the client says on it (typing, decision 0083). Kept
 * apart from lib/live.ts so the features that send do not load the live client, which only
 * members' pages load lazily.
 */
let open: Pick<WebSocket, 'send'> | null = null;

/** The live client's socket opened: frames go on it from now on. */
export function liveSocketOpened(socket: Pick<WebSocket, 'send'>): void {
  open = socket;
}

/** The live client's socket closed (or is being closed): frames have nowhere to go until the next opens. */
export function liveSocketClosed(socket: Pick<WebSocket, 'send'>): void {
  if (open === socket) open = null;
}

/** Sends a frame on the open live channel; false when none is open, and the caller asks over HTTP. */
export function sendLiveFrame(frame: LiveClientFrame): boolean {
  if (!open) return false;
  open.send(JSON.stringify(frame));
  return true;
}
