import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import nlCommon from '../packages/i18n/locales/nl/common.json' with { type: 'json' };
import nlErrors from '../packages/i18n/locales/nl/errors.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { chooseBundle, payWithIdeal, settle } from './checkout';
import { XHR, fill, newConfirmedMember, ownCredits, signUpByApi, skipEntryWarning } from './helpers';

/**
 * Buying credits as a new member lives it (issue 7): the time bonus counting down and the
 * welcome discount on the bundles; a bundle bought with iDEAL through the demo checkout, which
 * adds the credits and makes the member premium; the same bundle again through repeat order; an
 * unconfirmed member buying with the time bonus as well; a discount code applied, and refused once used; a failed and a cancelled payment, each with its
 * page; and a direct-debit order confirmed with the SMS code from the outbox.
 */
const payments = nlMember.payments;
const timeBonus = nlMember.timeBonus;
const directDebit = nlMember.directDebit;
const PASSWORD = 'betalen-wachtwoord';

interface Order {
  id: number;
  status: string;
  credits: number;
  amount: number;
  list_amount: number;
  discount_code: string | null;
  discount_percentage: number | null;
}

/** A new confirmed member of this project's run, logged in in `page`, with the entry warning seen. */
async function newMember(page: Page, name: string, stamp: string): Promise<void> {
  await skipEntryWarning(page);
  await newConfirmedMember(page, {
    email: `pay.${name.toLowerCase()}.${stamp}@example.test`,
    password: PASSWORD,
    name,
  });
}

async function paidUser(request: APIRequestContext): Promise<boolean> {
  const { user } = (await (await request.get('/api/user.php')).json()) as { user: { paid_user: boolean } };
  return user.paid_user;
}

async function order(request: APIRequestContext, id: number): Promise<Order> {
  return ((await (await request.get(`/api/order.php?id=${id}`)).json()) as { order: Order }).order;
}

/** The order id of the status page the browser is on. */
function orderIdOf(page: Page): number {
  return Number(/\/transactions\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
}

/** The status page's heading once the order has its outcome. */
/** The time bonus's countdown chip in the top bar. */
function timeBonusChip(page: Page) {
  return page.getByRole('button', { name: new RegExp(fill(timeBonus.chip, { percent: 25 })) });
}

function statusHeading(page: Page, view: 'completed' | 'failed' | 'cancelled') {
  return page.getByRole('heading', { name: payments.status[view].title });
}

test('a new member sees the time bonus and welcome discount, buys with iDEAL, becomes premium and buys again', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await newMember(page, 'Iris', `${testInfo.project.name}.${Date.now()}`);
  const start = await ownCredits(page.request);

  // The time bonus: a chip in the top bar with a countdown of just under 4 hours that ticks each second.
  await page.goto('/members');
  const chip = timeBonusChip(page);
  const timer = chip.getByRole('timer');
  await expect(timer).toHaveText(/3:5\d:\d\d/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first!);

  // The chip opens the time-bonus modal; claiming leads to the welcome discount on /premium,
  // named and taken off every bundle's price.
  await chip.click();
  await page.getByRole('dialog').getByRole('button', { name: timeBonus.modal.claim }).click();
  await expect(page).toHaveURL(/\/premium$/);
  await expect(page.getByText(fill(payments.discount.welcome, { percent: 25 }))).toBeVisible();
  const { bundles } = (await (await page.request.get('/api/bundles.php')).json()) as {
    bundles: Array<{ id: number; credits: number; price: number }>;
  };
  const bundle = bundles[0]!;
  await expect(page.getByText(fill(payments.price.off, { percent: 25 })).first()).toBeVisible();

  // iDEAL through the demo checkout: paid, so the credits arrive and the member is premium.
  await chooseBundle(page, bundle.credits).click();
  await expect(page.getByText(fill(payments.summary.welcomeDiscount, { percent: 25 }))).toBeVisible();
  await payWithIdeal(page);
  await settle(page, 'paid');
  await expect(statusHeading(page, 'completed')).toBeVisible();
  const bought = await order(page.request, orderIdOf(page));
  expect(bought).toMatchObject({ status: 'completed', discount_code: 'TIMEBONUS25', discount_percentage: 25 });
  expect(bought.amount).toBe(Math.round(bundle.price * 0.75));
  expect(await ownCredits(page.request)).toBe(start + bundle.credits);
  expect(await paidUser(page.request)).toBe(true);
  // A paid member has no time bonus any more.
  await page.goto('/members');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(timeBonusChip(page)).toHaveCount(0);

  // Repeat order: the same bundle and method again in one step, at the full price.
  await page.goto('/credits/repeat-order');
  await expect(page.getByText(fill(payments.summary.credits_other, { count: bundle.credits }))).toBeVisible();
  await page.getByRole('checkbox', { name: /algemene voorwaarden/ }).check();
  await page.getByRole('button', { name: new RegExp(fill(payments.repeat.buyFor, { amount: '.+' })) }).click();
  await expect(page).toHaveURL(/\/demo-checkout\//);
  await settle(page, 'paid');
  await expect(statusHeading(page, 'completed')).toBeVisible();
  const again = await order(page.request, orderIdOf(page));
  expect(again).toMatchObject({ status: 'completed', discount_code: null, amount: bundle.price });
  expect(await ownCredits(page.request)).toBe(start + 2 * bundle.credits);
});

test('an unconfirmed member claims the time bonus and buys from the first minute, and is still asked to confirm', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await skipEntryWarning(page);
  await signUpByApi(page, {
    email: `pay.noor.${testInfo.project.name}.${Date.now()}@example.test`,
    password: PASSWORD,
    name: 'Noor',
  });
  const start = await ownCredits(page.request);

  await page.goto('/members');
  const reminder = page.getByRole('region', { name: nlCommon.activation.title });
  await expect(reminder).toBeVisible();
  await timeBonusChip(page).click();
  await page.getByRole('dialog').getByRole('button', { name: timeBonus.modal.claim }).click();
  await expect(page).toHaveURL(/\/premium$/);
  const { bundles } = (await (await page.request.get('/api/bundles.php')).json()) as {
    bundles: Array<{ id: number; credits: number }>;
  };
  await chooseBundle(page, bundles[0]!.credits).click();
  await payWithIdeal(page);
  await settle(page, 'paid');
  await expect(statusHeading(page, 'completed')).toBeVisible();
  expect(await order(page.request, orderIdOf(page))).toMatchObject({
    status: 'completed',
    discount_code: 'TIMEBONUS25',
  });
  expect(await ownCredits(page.request)).toBe(start + bundles[0]!.credits);
  expect(await paidUser(page.request)).toBe(true);

  // Premium now, still unconfirmed: replying waits for the e-mail address.
  await page.goto('/members');
  await expect(reminder).toBeVisible();
});

test('a discount code applies to the order, and is refused once used; an unknown one is not found', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await newMember(page, 'Daan', `${testInfo.project.name}.${Date.now()}`);
  // A code the API makes: the personal discount the deletion flow offers.
  const offer = await page.request.post('/api/retention-offer.php', {
    headers: XHR,
    data: { reason: 'too_expensive' },
  });
  expect(offer.status()).toBe(200);
  const { code, percentage } = ((await offer.json()) as { offer: { code: string; percentage: number } }).offer;

  await page.goto('/credits');
  const field = page.getByLabel(payments.discount.label);
  await field.fill('BESTAATNIET');
  await page.getByRole('button', { name: payments.discount.apply }).click();
  await expect(page.getByText(nlErrors.code_not_found)).toBeVisible();

  await field.fill(code);
  await page.getByRole('button', { name: payments.discount.apply }).click();
  await expect(page.getByText(fill(payments.discount.applied, { code, percent: percentage }))).toBeVisible();
  const { bundles } = (await (await page.request.get('/api/bundles.php')).json()) as {
    bundles: Array<{ id: number; credits: number; price: number }>;
  };
  const bundle = bundles[1]!;
  await chooseBundle(page, bundle.credits).click();
  await expect(page.getByText(fill(payments.summary.codeDiscount, { code, percent: percentage }))).toBeVisible();
  await payWithIdeal(page);
  await settle(page, 'paid');
  await expect(statusHeading(page, 'completed')).toBeVisible();
  const bought = await order(page.request, orderIdOf(page));
  expect(bought).toMatchObject({ status: 'completed', discount_code: code, discount_percentage: percentage });

  // The code was for one purchase.
  await page.goto('/credits');
  await page.getByLabel(payments.discount.label).fill(code);
  await page.getByRole('button', { name: payments.discount.apply }).click();
  await expect(page.getByText(nlErrors.code_used)).toBeVisible();
});

test('a failed and a cancelled payment each end on their own page, with nothing bought', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await newMember(page, 'Fenna', `${testInfo.project.name}.${Date.now()}`);
  const start = await ownCredits(page.request);
  const { bundles } = (await (await page.request.get('/api/bundles.php')).json()) as { bundles: Array<{ id: number }> };

  await page.goto(`/credits/${bundles[0]!.id}`);
  await payWithIdeal(page);
  await settle(page, 'failed');
  await expect(statusHeading(page, 'failed')).toBeVisible();
  expect((await order(page.request, orderIdOf(page))).status).toBe('failed');

  // Trying again leads back to the checkout with the same bundle and method.
  await page.getByRole('link', { name: payments.status.retry }).click();
  await expect(page).toHaveURL(new RegExp(`/credits/${bundles[0]!.id}/ideal$`));
  await page.getByRole('checkbox', { name: /algemene voorwaarden/ }).check();
  await page.getByRole('button', { name: /iDEAL/ }).click();
  await expect(page).toHaveURL(/\/demo-checkout\//);
  await settle(page, 'cancelled');
  await expect(statusHeading(page, 'cancelled')).toBeVisible();
  expect((await order(page.request, orderIdOf(page))).status).toBe('cancelled');

  expect(await ownCredits(page.request)).toBe(start);
  expect(await paidUser(page.request)).toBe(false);
});

/** The newest SMS in the dev outbox to `phone` (as the server stores it), and its code. */
async function textedCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const { sms } = (await (await request.get('/api/outbox.php')).json()) as {
        sms: Array<{ id: number; to: string; text: string }>;
      };
      const newest = sms.filter((text) => text.to === phone).sort((a, b) => b.id - a.id)[0];
      code = newest ? (/\b(\d{6})\b/.exec(newest.text)?.[1] ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

test('a direct-debit order is confirmed with the SMS code from the outbox', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await newMember(page, 'Sem', `${testInfo.project.name}.${Date.now()}`);
  const start = await ownCredits(page.request);
  const { bundles } = (await (await page.request.get('/api/bundles.php')).json()) as {
    bundles: Array<{ id: number; credits: number }>;
  };
  const bundle = bundles[0]!;
  // Each run and project texts its own number.
  const phone = `06${String(Date.now()).slice(-8)}`;

  // Direct debit is a method of the checkout, which hands over to /directdebit.
  await page.goto(`/credits/${bundle.id}`);
  await page.getByRole('radio', { name: payments.methods.sdd }).check();
  await page.getByRole('link', { name: payments.checkout.directDebitAction }).click();
  await expect(page).toHaveURL(new RegExp(`/directdebit\\?bundle=${bundle.id}$`));

  await page.getByLabel(directDebit.fields.account_holder).fill('Sem de Boer');
  await page.getByLabel(directDebit.fields.iban).pressSequentially('nl91abna0417164300');
  await expect(page.getByLabel(directDebit.fields.iban)).toHaveValue('NL91 ABNA 0417 1643 00');
  await page.getByLabel(directDebit.fields.street).fill('Dorpsstraat');
  await page.getByLabel(directDebit.fields.house_number).fill('7');
  await page.getByLabel(directDebit.fields.zip).fill('1234 AB');
  await page.getByLabel(directDebit.fields.city).fill('Utrecht');
  await page.getByLabel(directDebit.fields.phone).fill(phone);
  await page.getByRole('checkbox', { name: /algemene voorwaarden/ }).check();
  await page.getByRole('button', { name: directDebit.submit }).click();

  const otp = page.getByLabel(directDebit.otp.label);
  await expect(otp).toBeFocused();
  const code = await textedCode(page.request, phone);

  // A wrong code first: 'Code ongeldig' at the field.
  await otp.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: directDebit.otp.submit }).click();
  await expect(page.getByText(nlErrors.code_invalid)).toBeVisible();

  await otp.fill(code);
  await page.getByRole('button', { name: directDebit.otp.submit }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(statusHeading(page, 'completed')).toBeVisible();
  expect(await order(page.request, orderIdOf(page))).toMatchObject({ status: 'completed', credits: bundle.credits });
  expect(await ownCredits(page.request)).toBe(start + bundle.credits);
  expect(await paidUser(page.request)).toBe(true);
});
