import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import nlCommon from '../packages/i18n/locales/nl/common.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { deviceKeys } from '../apps/server/src/modules/push/push.stand-in';
import { XHR, mailedLink, newConfirmedMember, skipEntryWarning } from './helpers';
import { startPushService, type PushService } from './push-service';

/**
 * The installable app and web push in Chromium with notification permission granted. Headless
 * Chromium cannot reach a real push service, so PushManager.prototype.subscribe is replaced (init
 * script) by one answering a subscription whose endpoint is our stand-in push service and whose
 * keys the test made. The server's encrypted push arrives at the stand-in, the test decrypts it
 * with the device keys and hands the payload to the service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), as the browser's push service would.
 */
const PASSWORD = 'push-wachtwoord';

/** Replaces the browser's push subscription with one on the stand-in; kept across reloads. */
async function fakePushSubscription(
  context: BrowserContext,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await context.addInitScript((json) => {
    const STORED = 'e2e-push-subscription';
    const fake = {
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(STORED);
        return true;
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem(STORED, '1');
      return fake;
    };
    PushManager.prototype.getSubscription = async () => (localStorage.getItem(STORED) ? fake : null);
  }, subscription);
}

/** A DevTools session with the ServiceWorker domain on, and the page's service worker registration id. */
async function serviceWorkerSession(page: Page): Promise<{ cdp: CDPSession; registrationId: string }> {
  const cdp = await page.context().newCDPSession(page);
  const ids = new Set<string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const registration of registrations) if (!registration.isDeleted) ids.add(registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => ids.size).toBeGreaterThan(0);
  return { cdp, registrationId: [...ids][0]! };
}

test('the app installs: manifest, icons, an active service worker in control, and an offline page', async ({
  page,
  context,
}) => {
  await skipEntryWarning(page);
  await page.goto('/');
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href!);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Amoria', start_url: '/', display: 'standalone' });
  // Chromium's installability: a 192 px and a 512 px icon; Android also wants a maskable one.
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
  }
  const apple = await page.locator('link[rel=apple-touch-icon]').getAttribute('href');
  expect((await page.request.get(apple!)).status()).toBe(200);

  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scope).toMatch(/\/sw\.js$/);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // Chromium's own installability check, the one Lighthouse reports. Playwright's contexts are
  // incognito profiles, which Chromium never installs from: that is the only error allowed.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

  await context.setOffline(true);
  await page.goto('/members').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'Je bent offline' })).toBeVisible();
  await context.setOffline(false);
});

test.describe('web push', () => {
  let pushService: PushService;
  test.beforeAll(async () => {
    const slot = test.info().project.name === 'desktop' ? 1 : 0;
    pushService = await startPushService(process.env.E2E_DATA_DIR!, slot);
  });
  test.afterAll(async () => pushService?.close());

  test('a member subscribes; a new message arrives as a notification and reloads the open chats', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const stamp = `${testInfo.project.name}.${Date.now()}`;
    const device = deviceKeys();
    const endpoint = pushService.endpoint(`b-${stamp}`);

    const bContext = await browser.newContext({ permissions: ['notifications'] });
    await fakePushSubscription(bContext, { endpoint, keys: { p256dh: device.p256dh, auth: device.auth } });
    const b = await bContext.newPage();
    await skipEntryWarning(b);
    const idB = await newConfirmedMember(b, {
      email: `push.b.${stamp}@example.test`,
      password: PASSWORD,
      name: 'Bente',
    });

    // One prompt at a time: a member without a photo is asked for one first; once that is
    // dismissed, the push alert offers push to a member who was not asked yet, and turning it on
    // stores the subscription.
    await b.goto('/chats');
    const photoPrompt = b.getByRole('region', { name: nlCommon.profilePhotoAlert.title });
    await photoPrompt.getByRole('button', { name: nlCommon.profilePhotoAlert.dismiss }).click();
    await expect(photoPrompt).toBeHidden();
    const alert = b.getByRole('region', { name: nlMember.pushAlert.title });
    const stored = b.waitForResponse(
      (response) => response.url().endsWith('/api/user.php?push=1') && response.request().method() === 'POST',
    );
    await alert.getByRole('button', { name: nlMember.pushAlert.action }).click();
    const answer = await stored;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({
      subscription: { endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } },
    });
    await expect(alert).toBeHidden();

    // Another member writes; the server encrypts a push for B's device and sends it to the stand-in.
    const aContext = await browser.newContext();
    const a = await aContext.newPage();
    await newConfirmedMember(a, { email: `push.a.${stamp}@example.test`, password: PASSWORD, name: 'Arjen' });
    const sent = await a.request.post('/api/message.php', {
      headers: XHR,
      data: { member_id: idB, body: 'Zin in een wandeling zaterdag?' },
    });
    expect(sent.status()).toBe(200);
    const path = new URL(endpoint).pathname;
    await expect
      .poll(() => pushService.received.filter((push) => push.path === path).length, { timeout: 20_000 })
      .toBe(1);
    const payload = JSON.parse(device.decrypt(pushService.received.find((push) => push.path === path)!.body)) as {
      type: string;
      title: string;
      body: string;
      url: string;
    };
    expect(payload).toMatchObject({ type: 'message', url: expect.stringMatching(/^\/chats\/\d+$/) });
    // The notification names the writer; the message itself stays off the push service.
    expect(`${payload.title} ${payload.body}`).toContain('Arjen');

    // Delivered to B's service worker: a notification, and the open tab reloads its chats.
    const { cdp, registrationId } = await serviceWorkerSession(b);
    const reload = b.waitForRequest((request) => new URL(request.url()).pathname === '/api/chats.php');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId,
      data: JSON.stringify(payload),
    });
    await reload;
    await expect
      .poll(() =>
        b.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
          })),
        ),
      )
      .toEqual([{ title: payload.title, body: payload.body }]);

    await aContext.close();
    await bContext.close();
  });
});

test('unsubscribing through an e-mail link shows the disabled-notifications alert, which turns e-mail back on', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = `${testInfo.project.name}.${Date.now()}`;
  const bContext = await browser.newContext();
  const b = await bContext.newPage();
  await skipEntryWarning(b);
  const emailB = `mail.b.${stamp}@example.test`;
  const idB = await newConfirmedMember(b, { email: emailB, password: PASSWORD, name: 'Britt' });
  const aContext = await browser.newContext();
  const a = await aContext.newPage();
  await newConfirmedMember(a, { email: `mail.a.${stamp}@example.test`, password: PASSWORD, name: 'Aart' });
  const sent = await a.request.post('/api/message.php', { headers: XHR, data: { member_id: idB, body: 'Hoi Britt!' } });
  expect(sent.status()).toBe(200);

  // The new-conversation mail's one-click unsubscribe link, followed and confirmed.
  const { href } = await mailedLink(b.request, emailB, /\/api\/unsubscribe\.php\?token=[^\s"<]+/);
  await b.goto(href);
  await b.locator('form button').click();

  // One prompt at a time, the disabled-notifications alert last: Britt has no photo yet and was
  // not asked about push in this browser; once both are dismissed it takes their place.
  await b.goto('/members');
  const photoPrompt = b.getByRole('region', { name: nlCommon.profilePhotoAlert.title });
  await photoPrompt.getByRole('button', { name: nlCommon.profilePhotoAlert.dismiss }).click();
  const pushPrompt = b.getByRole('region', { name: nlMember.pushAlert.title });
  await pushPrompt.getByRole('button', { name: nlMember.pushAlert.dismiss }).click();
  const alert = b.getByRole('region', { name: nlMember.disabledNotificationsAlert.title });
  await expect(alert).toContainText(nlMember.disabledNotificationsAlert.reasons.listunsubscribe);
  await alert.getByRole('button', { name: nlMember.disabledNotificationsAlert.action }).click();
  await expect(b.getByText(nlMember.disabledNotificationsAlert.enabled)).toBeVisible();
  const { user } = (await (await b.request.get('/api/user.php')).json()) as {
    user: { notifications_disabled: string[] };
  };
  expect(user.notifications_disabled).toEqual([]);

  await aContext.close();
  await bContext.close();
});
