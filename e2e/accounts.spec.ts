import { expect, test, type Page } from '@playwright/test';
import { skipEntryWarning } from './helpers';

const DEMO = { email: 'demo@amoria.example', password: 'demo1234' };

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
}

test.describe('login', () => {
  test.beforeEach(async ({ page }) => skipEntryWarning(page));

  test('the demo member logs in, lands on /members and logs out again', async ({ page, context }) => {
    await logIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/members$/);
    expect((await context.cookies()).some((c) => c.name === 'sid' && c.httpOnly)).toBe(true);

    await page.getByRole('button', { name: 'Mijn account' }).click();
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await expect(page.getByRole('link', { name: 'Inloggen' }).first()).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === 'sid')).toBe(false);
  });

  test('a wrong password shows the spec message and keeps the visitor out', async ({ page }) => {
    await logIn(page, DEMO.email, 'wrong-password');
    await expect(page.getByText('Login mislukt, probeer opnieuw')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a members-only page returns to where the visitor wanted to go after login', async ({ page }) => {
    await page.goto('/chats');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fchats/);
    await page.getByLabel('E-mailadres').fill(DEMO.email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO.password);
    await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
    await expect(page).toHaveURL(/\/chats$/);
  });
});

test.describe('signup and activation', () => {
  test.beforeEach(async ({ page }) => skipEntryWarning(page));

  test('a new member signs up, finds the activation mail in the outbox and confirms', async ({
    page,
    request,
  }, testInfo) => {
    const email = `e2e.${testInfo.project.name}.${Date.now()}@example.test`;
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' }).first().click();

    const phone = testInfo.project.name === 'phone';
    if (phone) await expect(page).toHaveURL(/\/signup$/);
    else await expect(page.locator('#signup-modal')).toBeVisible();
    const form = page.locator('#signup-form');

    // The radios are drawn as cards: click the card's text, as a member would.
    await form.getByText('Vrouw', { exact: true }).click();
    await expect(form.getByRole('radio', { name: 'Vrouw', exact: true })).toBeChecked();
    await form.getByText('Mannen', { exact: true }).click();
    await expect(form.getByRole('radio', { name: 'Mannen' })).toBeChecked();
    await form.getByRole('button', { name: 'Volgende' }).click();

    // Step 1 is under way: the modal can no longer be closed by Escape.
    await form.locator('select[name=day]').selectOption('14');
    if (!phone) {
      await page.keyboard.press('Escape');
      await expect(page.locator('#signup-modal')).toBeVisible();
    }
    await form.getByRole('button', { name: 'Volgende' }).click();
    await expect(
      form.getByText('Ongeldige geboortedatum.').or(form.getByText('Vul uw geboortedatum in')),
    ).toBeVisible();
    await form.locator('select[name=month]').selectOption('3');
    await form.locator('select[name=year]').selectOption('1994');
    await form.getByRole('button', { name: 'Volgende' }).click();

    await form.locator('input[name=name]').fill('Sanne');
    await form.getByRole('button', { name: 'Volgende' }).click();

    await form.locator('input[name=email]').fill(email);
    await form.locator('input[name=password]').fill('geheim-wachtwoord');
    await form.getByRole('button', { name: 'Volgende' }).click();

    // Marketing mail needs the member's own tick: the choice is offered unticked.
    await expect(form.getByRole('checkbox', { name: /aanbiedingen en nieuws/ })).not.toBeChecked();
    await form.locator('input[name=terms]').check();
    await form.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(page).toHaveURL(/\/complete-signup/);

    const outbox = await (await request.get('/api/outbox.php')).json();
    const mail = outbox.mails.find((m: { to: string }) => m.to === email);
    expect(mail).toBeDefined();
    const link = /https?:\/\/[^\s"<]+\/api\/activate\.php\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page).toHaveURL(/\/activate\/done$/);
  });
});
