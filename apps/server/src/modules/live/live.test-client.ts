import { WebSocket } from 'ws';
import { LIVE_PATH, LiveEventSchema, type LiveEvent } from '@app/shared';

/**
 * A live channel tab for tests: a real WebSocket client that checks every frame against the
 * contract (LiveEventSchema) and keeps the events in order. Only imported by tests.
 */
export interface LiveTestClient {
  readonly socket: WebSocket;
  readonly events: LiveEvent[];
  /** The close code once the server closed the socket. */
  readonly closedWith: number | null;
  /** Resolves with the first event of the type that matches, or rejects after `timeoutMs`. */
  next<T extends LiveEvent['type']>(
    type: T,
    match?: (event: Extract<LiveEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<LiveEvent, { type: T }>>;
  close(): Promise<void>;
}

/** The ws:// URL of the live channel on a listening server's origin. */
export function liveUrl(origin: string, after?: number): string {
  const url = new URL(LIVE_PATH, origin.replace(/^http/, 'ws'));
  if (after !== undefined) url.searchParams.set('after', String(after));
  return url.toString();
}

/** Headers a browser tab on `origin` sends with the handshake. */
export function tabHeaders(origin: string, cookie: string | null): Record<string, string> {
  return { origin, ...(cookie ? { cookie } : {}) };
}

/** The status the handshake is answered with: 101 when the socket opened, else the refusal's. */
export function handshakeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.terminate();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', (err) => reject(err));
  });
}

/** Opens a tab; resolves once the socket is open (the first events may still be on their way). */
export function openTab(
  url: string,
  headers: Record<string, string>,
  options: { autoPong?: boolean } = {},
): Promise<LiveTestClient> {
  const events: LiveEvent[] = [];
  const listeners = new Set<() => void>();
  let closedWith: number | null = null;
  const socket = new WebSocket(url, { headers, autoPong: options.autoPong ?? true });
  socket.on('message', (data: Buffer) => {
    events.push(LiveEventSchema.parse(JSON.parse(data.toString('utf8'))));
    for (const listener of listeners) listener();
  });
  socket.on('close', (code) => {
    closedWith = code;
    for (const listener of listeners) listener();
  });

  const client: LiveTestClient = {
    socket,
    events,
    get closedWith() {
      return closedWith;
    },
    next(type, match = () => true, timeoutMs = 5000) {
      type Wanted = Extract<LiveEvent, { type: typeof type }>;
      const find = () => events.find((e): e is Wanted => e.type === type && match(e as Wanted));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${type} event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    close() {
      if (socket.readyState === socket.CLOSED) return Promise.resolve();
      return new Promise((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`live handshake answered ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}
