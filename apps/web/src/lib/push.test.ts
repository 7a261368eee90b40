import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushStateOf } from './push';
import { listenToServiceWorker } from './push-messages';
import { applicationServerKey, readPushState, subscribeToPush, unsubscribeFromPush } from './push-subscription';
import { removeBrowserPush, stubBrowserPush, SUBSCRIPTION_JSON } from '../testing/browser-push';
import { queryKeys } from '../data/query-keys';

describe('pushStateOf', () => {
  it('names the four push states of the spec', () => {
    expect(pushStateOf({ capable: false, permission: 'granted', subscribed: true })).toBe('not-capable');
    expect(pushStateOf({ capable: true, permission: 'denied', subscribed: false })).toBe('denied');
    expect(pushStateOf({ capable: true, permission: 'granted', subscribed: true })).toBe('subscribed');
    expect(pushStateOf({ capable: true, permission: 'granted', subscribed: false })).toBe('unknown');
    expect(pushStateOf({ capable: true, permission: 'default', subscribed: false })).toBe('unknown');
  });
});

describe('applicationServerKey', () => {
  it('decodes URL-safe base64 without padding', () => {
    expect([...applicationServerKey('-_8')]).toEqual([0xfb, 0xff]);
    expect([...applicationServerKey('AQID')]).toEqual([1, 2, 3]);
  });
});

/** The browser's push machinery, and a server that accepts every call. */
function stubPush(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const browser = stubBrowserPush(permission, answer);
  const fetchMock = vi.fn<typeof fetch>(async () => new Response('{"ok":true}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return { ...browser, fetchMock };
}

function sentBodies(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>, method: string) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init?.body)) as unknown }));
}

describe('subscribing to push', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    removeBrowserPush();
  });

  it('asks permission, subscribes with the site key and stores the subscription with the server', async () => {
    const { pushManager, requestPermission, fetchMock } = stubPush('default', 'granted');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    expect(await subscribeToPush('AQID', queryClient)).toBe('subscribed');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const [options] = pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([1, 2, 3]);
    expect(sentBodies(fetchMock, 'POST')).toEqual([
      { url: '/api/user.php?push=1', body: { subscription: SUBSCRIPTION_JSON } },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.pushState });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.pushSubscription });
    expect(await readPushState()).toBe('subscribed');
  });

  it('stops at a refusal: no subscription, nothing sent, state denied', async () => {
    const { pushManager, fetchMock } = stubPush('default', 'denied');
    expect(await subscribeToPush('AQID', queryClient)).toBe('denied');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('unsubscribes this browser and tells the server which endpoint is gone', async () => {
    const { unsubscribe, fetchMock } = stubPush('granted');
    await subscribeToPush('AQID', queryClient);
    await unsubscribeFromPush(queryClient);
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(sentBodies(fetchMock, 'DELETE')).toEqual([
      { url: '/api/user.php?push=1', body: { endpoint: SUBSCRIPTION_JSON.endpoint } },
    ]);
    expect(await readPushState()).toBe('unknown');
  });

  it('reports a browser without push as not capable', async () => {
    expect(await readPushState()).toBe('not-capable');
    expect(await subscribeToPush('AQID', queryClient)).toBe('not-capable');
  });
});

describe('listenToServiceWorker', () => {
  const payload = {
    type: 'like',
    title: 'Nieuwe like',
    body: 'Sanne vindt je leuk',
    url: '/likes',
    badge: 1,
    tag: 'likes',
    icon: null,
  };

  it('reloads chats and likes when a push arrives, and opens a clicked notification’s page', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const navigate = vi.fn();
    const container = new EventTarget() as ServiceWorkerContainer;
    const stop = listenToServiceWorker({ queryClient, navigate, container });

    container.dispatchEvent(new MessageEvent('message', { data: { type: 'push', payload } }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.chats });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.likes });

    container.dispatchEvent(new MessageEvent('message', { data: { type: 'open', url: '/chats/4' } }));
    expect(navigate).toHaveBeenCalledWith('/chats/4');

    stop();
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'open', url: '/likes' } }));
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
