import type { LiveClientFrame } from '@app/shared';

/**
 * The tab's open live channel, for what the client says on it (typing, decision 0083; the shown
 * conversation, decision 0087). Kept apart from lib/live.ts so the features that send do not load
 * the live client, which only members' pages load lazily.
 */
let open: Pick<WebSocket, 'send'> | null = null;

/**
 * The conversations the mounted chat views show, the latest last: two may overlap during a route
 * change, and the one left must not be cleared by the other's cleanup.
 */
let shown: { id: number }[] = [];

/** What `watch` last told the open socket; undefined before it was told anything. */
let told: number | null | undefined;

/** The conversation the tab shows: the latest shown one, and none while the tab is hidden. */
function watched(): number | null {
  if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return null;
  return shown.at(-1)?.id ?? null;
}

/** Tells the open socket what the tab shows, when that changed since it was last told. */
function tellWatched(): void {
  const conversationId = watched();
  if (!open || conversationId === told) return;
  told = conversationId;
  sendLiveFrame({ type: 'watch', conversation_id: conversationId });
}

if (typeof document !== 'undefined') document.addEventListener('visibilitychange', tellWatched);

/**
 * The live client's socket opened: frames go on it from now on. It is told what the tab shows
 * at once, even none, so that the server sends it only that conversation's typing.
 */
export function liveSocketOpened(socket: Pick<WebSocket, 'send'>): void {
  open = socket;
  told = undefined;
  tellWatched();
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

/**
 * Marks the conversation as shown in the tab (the server then sends its typing here, and a
 * moment-old one at once); answers the cleanup, which unmarks it only, so that a view shown
 * since stays shown.
 */
export function showConversation(conversationId: number): () => void {
  const entry = { id: conversationId };
  shown.push(entry);
  tellWatched();
  return () => {
    shown = shown.filter((other) => other !== entry);
    tellWatched();
  };
}
