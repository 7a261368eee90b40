import { vi } from 'vitest';

/** The subscription the stubbed browser hands out. */
export const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BP256', auth: 'AUTH' },
};

/**
 * The browser's push machinery (not ours, and missing from jsdom): notifications with a
 * permission that `requestPermission` turns into `answer`, and a service worker registration
 * whose PushManager hands out SUBSCRIPTION_JSON. Undo with vi.unstubAllGlobals() and
 * removeBrowserPush().
 */
export function stubBrowserPush(permission: NotificationPermission, answer: NotificationPermission = permission) {
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const subscription = { endpoint: SUBSCRIPTION_JSON.endpoint, toJSON: () => SUBSCRIPTION_JSON, unsubscribe };
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription as unknown as PushSubscription;
      return current;
    }),
  };
  const registration = { pushManager };
  const notification = { permission, requestPermission: vi.fn(async () => answer) };
  notification.requestPermission.mockImplementation(async () => {
    notification.permission = answer;
    return answer;
  });
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { pushManager, requestPermission: notification.requestPermission, unsubscribe };
}

/** Takes the stubbed service worker container away again. */
export function removeBrowserPush(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
