import { expect, test, type Page } from '@playwright/test';
import enCommon from '../packages/i18n/locales/en/common.json' with { type: 'json' };
import enErrors from '../packages/i18n/locales/en/errors.json' with { type: 'json' };
import enMember from '../packages/i18n/locales/en/member.json' with { type: 'json' };
import enSignup from '../packages/i18n/locales/en/signup.json' with { type: 'json' };
import nlCommon from '../packages/i18n/locales/nl/common.json' with { type: 'json' };
import nlErrors from '../packages/i18n/locales/nl/errors.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import nlSignup from '../packages/i18n/locales/nl/signup.json' with { type: 'json' };
import { mailedLink, signUpByApi, skipEntryWarning } from './helpers';

/**
 * The life of an account as a member lives it, once in Dutch and once in English: confirm the
 * e-mail, log out, fail a login, log in, reset the password, change the e-mail address, delete
 * the account and bring it back. The Dutch run checks the spec's exact texts; the English one
 * that every step speaks English.
 */
const LANGUAGES = [
  { locale: 'nl', common: nlCommon, member: nlMember, errors: nlErrors, signup: nlSignup },
  { locale: 'en', common: enCommon, member: enMember, errors: enErrors, signup: enSignup },
] as const;

/** Texts the spec fixes word for word in Dutch. */
const SPEC_NL = {
  loginFailed: 'Login mislukt, probeer opnieuw',
  passwordsDiffer: 'De opgegeven wachtwoorden zijn niet gelijk.',
  emailInUse: 'Dit e-mailadres heeft al een account op deze site.',
};

async function logIn(page: Page, texts: (typeof LANGUAGES)[number]['common'], email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(texts.auth.email).fill(email);
  await page.getByLabel(texts.auth.password, { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: texts.auth.loginSubmit }).click();
}

async function logOut(page: Page, texts: (typeof LANGUAGES)[number]['common']) {
  await page.getByRole('button', { name: texts.account.menu }).click();
  await page.getByRole('menuitem', { name: texts.account.logout }).click();
  await expect(page.getByRole('link', { name: texts.auth.loginSubmit }).first()).toBeVisible();
}

for (const { locale, common, member, errors, signup } of LANGUAGES) {
  test.describe(`an account's life in ${locale}`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await skipEntryWarning(page);
      await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    });

    test('confirm, log out, fail a login, log in, reset the password', async ({ page }, testInfo) => {
      const email = `journey.${locale}.${testInfo.project.name}.${Date.now()}@example.test`;
      const password = 'eerste-wachtwoord';
      await signUpByApi(page, { email, password, locale });

      const activation = await mailedLink(page.request, email, /\/api\/activate\.php\?token=[\w-]+/);
      await page.goto(activation.href);
      await expect(page).toHaveURL(/\/activate\/done$/);

      await logOut(page, common);

      await logIn(page, common, email, 'not-the-password');
      await expect(page.getByText(locale === 'nl' ? SPEC_NL.loginFailed : errors.login_failed)).toBeVisible();

      await logIn(page, common, email, password);
      await expect(page).toHaveURL(/\/members$/);
      await logOut(page, common);

      await page.goto('/reset-password');
      await page.getByLabel(common.auth.email).fill(email);
      await page.getByRole('button', { name: signup.reset.submit }).click();
      await expect(page.getByText(signup.reset.sentTitle)).toBeVisible();

      const reset = await mailedLink(page.request, email, /\/reset-password\/do\?token=[\w-]+/);
      await page.goto(reset.href);
      await page.getByLabel(signup.reset.newPassword, { exact: true }).fill('tweede-wachtwoord');
      await page.getByLabel(signup.reset.repeatPassword).fill('iets-anders-1');
      await page.getByRole('button', { name: signup.reset.save }).click();
      await expect(page.getByText(locale === 'nl' ? SPEC_NL.passwordsDiffer : errors.passwords_differ)).toBeVisible();
      await page.getByLabel(signup.reset.repeatPassword).fill('tweede-wachtwoord');
      await page.getByRole('button', { name: signup.reset.save }).click();
      await expect(page.getByText(signup.reset.doneTitle)).toBeVisible();

      await logIn(page, common, email, password);
      await expect(page.getByText(locale === 'nl' ? SPEC_NL.loginFailed : errors.login_failed)).toBeVisible();
      await logIn(page, common, email, 'tweede-wachtwoord');
      await expect(page).toHaveURL(/\/members$/);
    });

    test('change the e-mail address, delete the account past a retention offer, and reactivate it', async ({
      page,
    }, testInfo) => {
      const email = `journey2.${locale}.${testInfo.project.name}.${Date.now()}@example.test`;
      const moved = email.replace('journey2.', 'moved.');
      const password = 'eerste-wachtwoord';
      await signUpByApi(page, { email, password, locale });
      const s = member.accountSettings;

      await page.goto('/settings');
      await expect(page.getByText(email)).toBeVisible();
      await page.getByRole('button', { name: s.email.change, exact: true }).click();
      await page.getByLabel(s.email.newLabel).fill('demo@amoria.example');
      await page.getByLabel(s.email.password, { exact: true }).fill(password);
      await page.getByRole('button', { name: s.email.submit }).click();
      await expect(page.getByText(locale === 'nl' ? SPEC_NL.emailInUse : errors.email_in_use)).toBeVisible();
      await page.getByLabel(s.email.newLabel).fill(moved);
      await page.getByRole('button', { name: s.email.submit }).click();
      await expect(page.getByText(s.email.sentTitle)).toBeVisible();

      const change = await mailedLink(page.request, moved, /\/mail-change\/do\?token=[\w-]+/);
      await page.goto(change.href);
      await expect(page.getByRole('heading', { name: common.pages.mailChange.doneTitle })).toBeVisible();
      await page.goto('/settings');
      await expect(page.getByText(moved)).toBeVisible();

      const d = member.deleteFlow;
      await page.getByRole('button', { name: s.delete.open }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(d.reasons.too_expensive).click();
      await dialog.getByRole('button', { name: d.next }).click();
      await dialog.getByRole('button', { name: d.solutions.too_expensive.claim.replace('{{percent}}', '50') }).click();
      await expect(dialog.getByText(/STAY-[A-Z0-9]{6}/)).toBeVisible();
      await dialog.getByRole('button', { name: d.continueDeleting }).click();
      await dialog.getByLabel(d.confirm.password).fill(password);
      await dialog.getByRole('button', { name: d.confirm.submit }).click();
      await expect(page).toHaveURL(/\/account-deleted$/);
      await expect(page.getByRole('heading', { name: common.pages.accountDeleted.title })).toBeVisible();

      // Hidden at once: the address no longer logs in.
      await logIn(page, common, moved, password);
      await expect(page.getByText(locale === 'nl' ? SPEC_NL.loginFailed : errors.login_failed)).toBeVisible();

      const back = await mailedLink(page.request, moved, /\/api\/reactivate\.php\?token=[\w-]+/);
      await page.goto(back.href);
      await expect(page).toHaveURL(/\/login\?reactivated=1$/);
      await expect(page.getByText(common.pages.login.reactivated)).toBeVisible();
      await logIn(page, common, moved, password);
      await expect(page).toHaveURL(/\/members$/);
    });
  });
}
