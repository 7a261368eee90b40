import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import nlAdmin from '../packages/i18n/locales/nl/admin.json' with { type: 'json' };
import nlCommon from '../packages/i18n/locales/nl/common.json' with { type: 'json' };
import nlErrors from '../packages/i18n/locales/nl/errors.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import nlPages from '../packages/i18n/locales/nl/pages.json' with { type: 'json' };
import enSettings from '../packages/i18n/locales/en/settings.json' with { type: 'json' };
import nlSettings from '../packages/i18n/locales/nl/settings.json' with { type: 'json' };
import { totpCode, totpStep } from '../apps/server/src/modules/admin/totp';
import { DEMO_STAFF } from '../apps/server/src/db/seed/demo/people';
import { chooseBundle, payWithIdeal, settle } from './checkout';
import { fill, newConfirmedMember, ownCredits, skipEntryWarning } from './helpers';

/**
 * The operator console in Chromium, against the demo site's staff (their authenticator secret
 * is the demo's, so the test computes the codes an app would show). This project runs after
 * the member-facing ones (playwright.config.ts): it changes site settings the others read.
 */
const admin = nlAdmin;
const PASSWORD = 'console-wachtwoord';

// A code is accepted once per staff account: tests in this file take turns, and a login asks
// for the next step's code (accepted one step early) when the current one was already used.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

async function staffLogin(page: Page, email: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel(admin.login.email).fill(email);
  await page.getByLabel(admin.login.password).fill(DEMO_STAFF.password);
  await page.getByRole('button', { name: admin.login.submit }).click();
  // The current step's code, else the next one's (accepted one step early), else the next
  // one's after the step has passed: each is tried once, by the server's answer.
  for (const [wait, ahead] of [
    [0, 0],
    [0, 1],
    [30_000, 1],
  ] as const) {
    if (wait) await page.waitForTimeout(wait);
    await page.getByLabel(admin.login.code).fill(totpCode(DEMO_STAFF.totpSecret, totpStep(new Date()) + ahead));
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/admin/totp.php')),
      page.getByRole('button', { name: admin.login.verify }).click(),
    ]);
    if (answer.ok()) break;
  }
  await expect(page.getByRole('navigation', { name: admin.nav.label })).toBeVisible();
}

/**
 * A mark that makes this run's texts unique: letters only, since a long number in a message is
 * what the spam defence holds back as a phone number.
 */
function tag(): string {
  return Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** A section of the console, through its navigation. */
async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: admin.nav.label }).getByRole('link', { name, exact: true }).click();
}

/** A section of the shop (bundles, gifts, discount codes, company), through its tabs. */
async function openShop(page: Page, name: string): Promise<void> {
  await openSection(page, admin.nav.shop);
  await page.getByRole('navigation', { name: admin.shop.sections }).getByRole('link', { name, exact: true }).click();
}

async function ownBrowser(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await skipEntryWarning(page);
  return page;
}

const [adminAccount, moderatorAccount, supportAccount] = DEMO_STAFF.accounts;

test('an admin logs in with a code, changes what a message costs, and the site charges it', async ({ browser }) => {
  const page = await ownBrowser(browser);
  await staffLogin(page, adminAccount.email);
  await openSection(page, admin.nav.settings);
  const field = page.getByLabel(admin.settings.fields.message_credits, { exact: true });
  const before = Number(await field.inputValue());
  const after = before + 3;
  await field.fill(String(after));
  await page.getByRole('button', { name: admin.settings.save }).click();
  await expect(page.getByText(/opgeslagen/).last()).toBeVisible();

  // A member's credits page shows the new price at once.
  const member = await ownBrowser(browser);
  await newConfirmedMember(member, { email: `console.price.${Date.now()}@example.test`, password: PASSWORD });
  await member.goto('/credits');
  await expect(member.locator('.cost-list__item').first()).toContainText(String(after));

  // The change is in the audit log, then the price goes back for whatever runs next.
  await openSection(page, admin.nav.audit);
  await expect(page.getByText('site.settings').first()).toBeVisible();
  await openSection(page, admin.nav.settings);
  await field.fill(String(before));
  await page.getByRole('button', { name: admin.settings.save }).click();
  await expect(page.getByText(/opgeslagen/).last()).toBeVisible();
});

test("a moderator answers a member's message to a site-run profile, and the member gets it live", async ({
  browser,
}) => {
  const stamp = Date.now();
  const member = await ownBrowser(browser);
  await newConfirmedMember(member, { email: `console.inbox.${stamp}@example.test`, password: PASSWORD, name: 'Inge' });
  // The demo's dozen site-run profiles live in several countries: look for one country by country.
  const { settings } = (await (await member.request.get('/api/settings.php')).json()) as {
    settings: { countries: string[] };
  };
  let profile: { id: number; name: string } | undefined;
  for (const country of settings.countries) {
    for (const gender of ['female', 'male']) {
      const { members } = (await (
        await member.request.get(`/api/members.php?gender=${gender}&country=${country}&min_age=18&max_age=99`)
      ).json()) as { members: Array<{ id: number; name: string; fictional: boolean }> };
      profile ??= members.find((m) => m.fictional);
    }
    if (profile) break;
  }
  expect(profile, 'the demo site has site-run profiles').toBeTruthy();
  await member.goto(`/members/${profile!.id}/chat`);
  await member.getByRole('button', { name: nlMember.chat.icebreakers.own }).click();
  const composer = member.getByRole('textbox', { name: fill(nlMember.chat.composer.label, { name: profile!.name }) });
  const mark = tag();
  const question = `Hoi ${profile!.name}, zin in koffie? (${mark})`;
  await composer.fill(question);
  await composer.press('Enter');
  await expect(member.getByRole('log').getByText(question, { exact: true })).toBeVisible();

  const page = await ownBrowser(browser);
  await staffLogin(page, moderatorAccount.email);
  await openSection(page, admin.nav.inbox);
  const thread = page.getByRole('listitem').filter({ hasText: mark });
  await thread.getByRole('link').click();
  await expect(page.getByText(question, { exact: true })).toBeVisible();
  const answer = `Altijd! Waar spreken we af? (${mark})`;
  const reply = page.getByLabel(fill(admin.inbox.replyLabel, { name: profile!.name }));
  await reply.fill(answer);
  await reply.press('Enter');
  await expect(page.getByText(answer, { exact: true })).toBeVisible();

  // The member's open chat shows the answer without a reload.
  await expect(member.getByRole('log').getByText(answer, { exact: true })).toBeVisible({ timeout: 15_000 });
});

test('a reported member lands in the queue, is banned by a moderator, and sees the ban page', async ({ browser }) => {
  const stamp = Date.now();
  const reported = await ownBrowser(browser);
  const reportedEmail = `console.banned.${stamp}@example.test`;
  const reportedId = await newConfirmedMember(reported, {
    email: reportedEmail,
    password: PASSWORD,
    name: 'Boris',
    gender: 'male',
  });
  const reporter = await ownBrowser(browser);
  await newConfirmedMember(reporter, {
    email: `console.reporter.${stamp}@example.test`,
    password: PASSWORD,
    name: 'Rosa',
  });

  await reporter.goto(`/members/${reportedId}`);
  await reporter.getByRole('button', { name: nlMember.report.profileAction }).click();
  const dialog = reporter.getByRole('dialog');
  await dialog.getByLabel(nlMember.report.reason).selectOption({ label: nlMember.report.reasons.scam });
  const note = `Vraagt om geld voor een vliegticket (${tag()})`;
  await dialog.getByLabel(nlMember.report.note).fill(note);
  await dialog.getByRole('button', { name: nlMember.report.submit }).click();
  await expect(reporter.getByRole('dialog', { name: nlMember.report.doneTitle })).toBeVisible();

  const page = await ownBrowser(browser);
  await staffLogin(page, moderatorAccount.email);
  await openSection(page, admin.nav.queue);
  const item = page.getByRole('listitem').filter({ hasText: note });
  await item.getByRole('link').click();
  await expect(page.getByText(note).first()).toBeVisible();
  await page.getByRole('link', { name: 'Boris' }).click();

  await page.getByRole('button', { name: admin.member.ban, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: admin.member.confirm.ban.title });
  await confirm.getByLabel(admin.member.reason).fill('Oplichting: vraagt leden om geld');
  await confirm.getByRole('button', { name: admin.member.confirm.ban.button }).click();
  await expect(page.getByText(admin.member.confirm.ban.done)).toBeVisible();

  // The banned member is logged out; logging in again shows the ban page with the reason.
  await reported.context().clearCookies();
  await reported.goto('/login');
  await reported.getByLabel('E-mailadres').fill(reportedEmail);
  await reported.getByRole('textbox', { name: 'Wachtwoord' }).fill(PASSWORD);
  await reported.getByRole('button', { name: 'Inloggen' }).click();
  await expect(reported).toHaveURL(/\/pages\/ban$/);
  await expect(reported.getByRole('alert')).toContainText('Oplichting: vraagt leden om geld');
  await expect(reported.getByRole('heading', { level: 1 })).toHaveText(nlPages.ban.title);
});

test("a new account's message with a phone number is held back until a moderator releases it", async ({ browser }) => {
  const stamp = Date.now();
  const sender = await ownBrowser(browser);
  await newConfirmedMember(sender, {
    email: `console.spam.${stamp}@example.test`,
    password: PASSWORD,
    name: 'Sven',
    gender: 'male',
  });
  const recipient = await ownBrowser(browser);
  const recipientId = await newConfirmedMember(recipient, {
    email: `console.spamto.${stamp}@example.test`,
    password: PASSWORD,
    name: 'Renate',
  });

  await sender.goto(`/members/${recipientId}/chat`);
  await sender.getByRole('button', { name: nlMember.chat.icebreakers.own }).click();
  const composer = sender.getByRole('textbox', { name: fill(nlMember.chat.composer.label, { name: 'Renate' }) });
  const spam = `Bel me even op 06 12 34 56 78 (${tag()})`;
  await composer.fill(spam);
  await composer.press('Enter');
  await expect(sender.getByRole('log').getByText(spam, { exact: true })).toBeVisible();
  await expect(sender.getByText(nlMember.chat.heldNotice)).toBeVisible();

  // Not delivered: the recipient has no chat.
  await recipient.goto('/chats');
  await expect(recipient.getByText(spam, { exact: true })).toHaveCount(0);

  const page = await ownBrowser(browser);
  await staffLogin(page, moderatorAccount.email);
  await openSection(page, admin.nav.held);
  const item = page.getByRole('listitem').filter({ hasText: spam });
  await item.getByRole('button', { name: /vrijgeven/ }).click();
  await expect(page.getByText(spam, { exact: true })).toHaveCount(0);

  await recipient.reload();
  await expect(recipient.getByText('Sven')).toBeVisible();
});

test("a support agent refunds a member's order: the money goes back and so do the credits", async ({ browser }) => {
  const member = await ownBrowser(browser);
  await newConfirmedMember(member, { email: `console.refund.${Date.now()}@example.test`, password: PASSWORD });
  const start = await ownCredits(member.request);
  const { bundles } = (await (await member.request.get('/api/bundles.php')).json()) as {
    bundles: Array<{ credits: number }>;
  };
  await member.goto('/credits');
  await chooseBundle(member, bundles[0]!.credits).click();
  await payWithIdeal(member);
  await settle(member, 'paid');
  const orderId = Number(/\/transactions\/(\d+)$/.exec(member.url())![1]);
  expect(await ownCredits(member.request)).toBe(start + bundles[0]!.credits);

  const page = await ownBrowser(browser);
  await staffLogin(page, supportAccount.email);
  await openSection(page, admin.nav.orders);
  await page.getByRole('link', { name: fill(admin.orders.orderLink, { id: orderId }), exact: true }).click();
  await page.getByRole('button', { name: admin.orders.refund }).click();
  const dialog = page.getByRole('dialog', { name: fill(admin.orders.refundTitle, { id: orderId }) });
  await dialog.getByLabel(admin.member.reason).fill('Per ongeluk twee keer gekocht');
  await dialog.getByRole('button', { name: admin.orders.refundConfirm }).click();
  await expect(
    page.getByText(fill(admin.orders.refunded, { credits: bundles[0]!.credits, balance: start })),
  ).toBeVisible();
  expect(await ownCredits(member.request)).toBe(start);
  await expect(page.getByRole('button', { name: admin.orders.refund })).toHaveCount(0);
});

test('an admin creates a site-run profile, and members see it marked as run by the site', async ({ browser }) => {
  const page = await ownBrowser(browser);
  await staffLogin(page, adminAccount.email);
  await openSection(page, admin.nav.siteProfiles);
  await page
    .getByRole('link', { name: admin.siteProfiles.new })
    .or(page.getByRole('button', { name: admin.siteProfiles.new }))
    .first()
    .click();
  const name = `Marleen ${tag().slice(0, 5)}`;
  await page.getByLabel(admin.siteProfiles.fields.name, { exact: true }).fill(name);
  await page.getByLabel(admin.siteProfiles.fields.gender, { exact: true }).selectOption('female');
  await page.getByLabel(admin.siteProfiles.fields.birth_date, { exact: true }).fill('1990-04-12');
  await page.getByLabel(admin.siteProfiles.fields.country, { exact: true }).selectOption('NL');
  await page.getByLabel(admin.siteProfiles.fields.city, { exact: true }).fill('Utrecht');
  await page.getByRole('button', { name: admin.siteProfiles.create }).click();
  await expect(page).toHaveURL(/\/admin\/site-profiles\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);

  const member = await ownBrowser(browser);
  await newConfirmedMember(member, { email: `console.siteprofile.${Date.now()}@example.test`, password: PASSWORD });
  const { settings } = (await (await member.request.get('/api/settings.php')).json()) as {
    settings: { fictional_warning: string };
  };
  await member.goto(`/members/${id}`);
  await expect(member.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(member.getByText(settings.fictional_warning).first()).toBeVisible();
});

test('an admin rewrites the terms for Dutch visitors, and the page shows it until the standard text is back', async ({
  browser,
}) => {
  const page = await ownBrowser(browser);
  await staffLogin(page, adminAccount.email);
  await openSection(page, admin.nav.pages);
  const title = `Voorwaarden van {{name}} (${tag()})`;
  await page.getByLabel(admin.pages.title, { exact: true }).fill(title);
  await page.getByRole('button', { name: admin.pages.save }).click();
  await expect(page.getByText(admin.pages.usingDefault)).toHaveCount(0);

  const visitor = await ownBrowser(browser);
  await visitor.goto('/pages/terms');
  const shown = title.replace('{{name}}', 'Amoria');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(shown);
  // The server renders it into the page's HTML too.
  expect(await (await visitor.request.get('/pages/terms')).text()).toContain(shown);

  await page.getByRole('button', { name: admin.pages.reset }).click();
  await page.getByRole('dialog').getByRole('button', { name: admin.pages.reset }).click();
  await expect(page.getByText(admin.pages.usingDefault)).toBeVisible();
  // Browsers may keep the text for its minute of public caching: a new visitor sees the default.
  const next = await ownBrowser(browser);
  await next.goto('/pages/terms');
  await expect(next.getByRole('heading', { level: 1 })).toHaveText(nlPages.terms.title);
});

test('with photo review before going live, a new photo waits hidden until a moderator approves it', async ({
  browser,
}) => {
  const page = await ownBrowser(browser);
  await staffLogin(page, adminAccount.email);
  await openSection(page, admin.nav.settings);
  const review = page.getByLabel(admin.settings.fields.photo_review, { exact: true });
  await review.selectOption('before');
  await page.getByRole('button', { name: admin.settings.save }).click();
  await expect(page.getByText(/opgeslagen/).last()).toBeVisible();

  const owner = await ownBrowser(browser);
  const ownerName = `Fenna${tag().slice(0, 4)}`;
  const ownerId = await newConfirmedMember(owner, {
    email: `console.photo.${Date.now()}@example.test`,
    password: PASSWORD,
    name: ownerName,
  });
  await owner.goto('/profile');
  const photo = await sharp({ create: { width: 640, height: 800, channels: 3, background: { r: 200, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
  await owner
    .locator('input[type=file][name=file]')
    .setInputFiles({ name: 'strand.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(owner.getByText(nlMember.profile.photos.pending).first()).toBeVisible();

  const viewer = await ownBrowser(browser);
  await newConfirmedMember(viewer, { email: `console.viewer.${Date.now()}@example.test`, password: PASSWORD });
  const photosSeen = async () =>
    ((await (await viewer.request.get(`/api/member.php?id=${ownerId}`)).json()) as { member: { photos: unknown[] } })
      .member.photos.length;
  expect(await photosSeen()).toBe(0);

  await openSection(page, admin.nav.photoReview);
  await page
    .getByRole('button', { name: fill(admin.photoReview.approveLabel, { name: ownerName }), exact: true })
    .click();
  await expect(page.getByText(admin.photoReview.approved)).toBeVisible();
  expect(await photosSeen()).toBe(1);

  // Back to photos going live at once, for whatever runs next.
  await openSection(page, admin.nav.settings);
  await review.selectOption('off');
  await page.getByRole('button', { name: admin.settings.save }).click();
  await expect(page.getByText(/opgeslagen/).last()).toBeVisible();
});

test('a member verifies with a selfie, a moderator approves it, the member is told at once, and the badge shows in search', async ({
  browser,
}) => {
  const owner = await ownBrowser(browser);
  const ownerName = `Vera${tag().slice(0, 4)}`;
  await newConfirmedMember(owner, {
    email: `console.verify.${Date.now()}@example.test`,
    password: PASSWORD,
    name: ownerName,
  });
  await owner.goto('/profile');
  const picture = (r: number) =>
    sharp({ create: { width: 640, height: 800, channels: 3, background: { r, g: 120, b: 90 } } })
      .jpeg()
      .toBuffer();
  await owner
    .getByLabel(nlMember.profile.photos.addFirst)
    .setInputFiles({ name: 'portret.jpg', mimeType: 'image/jpeg', buffer: await picture(180) });
  const verification = owner.getByRole('region', { name: nlMember.profile.verification.title });
  const selfie = verification.getByLabel(nlMember.profile.verification.selfie);
  await expect(selfie).toHaveAttribute('capture', 'user');
  await expect(verification.getByText(nlMember.profile.verification.poseLabel)).toBeVisible();
  await selfie.setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await picture(90) });
  await verification.getByRole('button', { name: nlMember.profile.verification.submit }).click();
  await expect(verification.getByText(nlMember.profile.verification.pending)).toBeVisible();
  // The member goes on browsing while the moderator looks: the outcome must come to this tab.
  await owner.goto('/members');
  const notice = owner.getByRole('region', { name: nlMember.verificationNotice.approvedTitle });
  await expect(owner.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);

  const page = await ownBrowser(browser);
  await staffLogin(page, moderatorAccount.email);
  await openSection(page, admin.nav.verification);
  await expect(page.getByRole('img', { name: fill(admin.verification.selfieOf, { name: ownerName }) })).toBeVisible();
  await page
    .getByRole('button', { name: fill(admin.verification.approveLabel, { name: ownerName }), exact: true })
    .click();
  await expect(page.getByText(admin.verification.approved)).toBeVisible();

  // Live, without a reload; the notice leads to /profile, where the badge and the state are.
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: nlMember.verificationNotice.approvedAction }).click();
  await expect(owner).toHaveURL(/\/profile$/);
  const panel = owner.getByRole('region', { name: nlMember.profile.verification.title });
  await expect(panel.getByText(/Je profiel is geverifieerd/)).toBeVisible();
  await expect(panel.getByRole('status').getByRole('img', { name: nlCommon.verified.badge })).toBeVisible();
  // Seen once: the next visit of a member page no longer tells it.
  await owner.goto('/members');
  await expect(owner.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);

  const viewer = await ownBrowser(browser);
  await newConfirmedMember(viewer, {
    email: `console.verify.viewer.${Date.now()}@example.test`,
    password: PASSWORD,
    gender: 'male',
  });
  await viewer.goto('/members');
  const onlyVerified = viewer.getByRole('checkbox', { name: nlMember.search.verifiedOnly });
  // Phones fold the filters; this project is a desktop, where they show at once.
  await onlyVerified.check();
  await viewer.getByRole('button', { name: nlMember.search.submit }).click();
  await expect(viewer).toHaveURL(/verified=1/);
  const card = viewer.getByRole('link', { name: new RegExp(`^${ownerName}, .*${nlCommon.verified.badge}`) });
  await expect(card).toBeVisible();
  await expect(card.getByTitle(nlCommon.verified.badge)).toBeVisible();
});

test('an admin adds a credit bundle that members can buy, then takes it out of the sale', async ({ browser }) => {
  const member = await ownBrowser(browser);
  await newConfirmedMember(member, { email: `console.bundle.${Date.now()}@example.test`, password: PASSWORD });
  // Credits no seeded bundle has; a bundle withdrawn by an earlier run on the same server may.
  const credits = 401 + Math.floor(Math.random() * 98);

  const page = await ownBrowser(browser);
  await staffLogin(page, adminAccount.email);
  await openShop(page, admin.shop.bundles.title);
  await page.getByRole('button', { name: admin.shop.bundles.add }).click();
  const form = page.getByRole('form', { name: admin.shop.bundles.newTitle });
  await form.getByLabel(admin.shop.bundles.credits, { exact: true }).fill(String(credits));
  const prices = form.getByLabel(new RegExp(`^${fill(admin.shop.bundles.price, { currency: '[A-Z]{3}' })}$`));
  for (const price of await prices.all()) await price.fill('41,50');
  await form.getByRole('button', { name: admin.shop.bundles.save }).click();
  await expect(page.getByText(fill(admin.shop.bundles.saved, { credits }))).toBeVisible();

  // The member's bundles page offers it, at its euro price.
  await member.goto('/credits');
  const card = member.getByRole('article').filter({ has: chooseBundle(member, credits) });
  await expect(card).toContainText('41,50');

  await page
    .getByRole('button', { name: fill(admin.shop.bundles.edit, { credits }) })
    .last()
    .click();
  const edit = page.getByRole('form', { name: fill(admin.shop.bundles.editTitle, { credits }) });
  await edit.getByRole('switch', { name: admin.shop.bundles.activeSwitch }).uncheck();
  await edit.getByRole('button', { name: admin.shop.bundles.save }).click();
  await expect(edit).toHaveCount(0);

  await member.reload();
  await expect(member.getByRole('article').first()).toBeVisible();
  await expect(chooseBundle(member, credits)).toHaveCount(0);
});

test("an admin adds a gift that shows in the gift picker on a member's profile, until it is withdrawn", async ({
  browser,
}) => {
  const member = await ownBrowser(browser);
  await newConfirmedMember(member, { email: `console.gift.${Date.now()}@example.test`, password: PASSWORD });
  const { members } = (await (
    await member.request.get('/api/members.php?gender=male&country=NL&min_age=18&max_age=99')
  ).json()) as { members: Array<{ id: number; name: string }> };
  const other = members[0]!;
  const mark = tag();
  const name = `Zonnebloem ${mark}`;

  const page = await ownBrowser(browser);
  await staffLogin(page, adminAccount.email);
  await openShop(page, admin.shop.gifts.title);
  await page.getByRole('button', { name: admin.shop.gifts.add }).click();
  const form = page.getByRole('form', { name: admin.shop.gifts.newTitle });
  await form.getByLabel(admin.shop.gifts.key, { exact: true }).fill(`sunflower-${mark}`);
  await form.getByLabel(admin.shop.gifts.name, { exact: true }).fill(name);
  await form.getByLabel(admin.shop.gifts.image, { exact: true }).fill('/gifts/rose.svg');
  await form.getByLabel(admin.shop.gifts.credits, { exact: true }).fill('7');
  await form.getByRole('button', { name: admin.shop.gifts.save }).click();
  await expect(page.getByText(fill(admin.shop.gifts.saved, { name }))).toBeVisible();

  /** The gift choices of the picker on the other member's profile, freshly loaded. */
  const giftChoices = async () => {
    await member.goto(`/members/${other.id}`);
    await member.getByRole('button', { name: nlMember.chat.gifts.button, exact: true }).click();
    const picker = member.getByRole('dialog', { name: fill(nlMember.chat.gifts.title, { name: other.name }) });
    const choices = picker.getByRole('list', { name: nlMember.chat.gifts.choose });
    await expect(choices.getByRole('button').first()).toBeVisible();
    return choices;
  };
  const choice = (await giftChoices()).getByRole('button').filter({ hasText: name });
  await expect(choice).toContainText(fill(nlMember.chat.gifts.price_other, { count: 7 }));

  await page.getByRole('button', { name: fill(admin.shop.gifts.edit, { name }) }).click();
  const edit = page.getByRole('form', { name: fill(admin.shop.gifts.editTitle, { name }) });
  await edit.getByRole('switch', { name: admin.shop.gifts.activeSwitch }).uncheck();
  await edit.getByRole('button', { name: admin.shop.gifts.save }).click();
  await expect(edit).toHaveCount(0);
  await expect((await giftChoices()).getByRole('button').filter({ hasText: name })).toHaveCount(0);
});

test('a discount code made in the console is used at checkout, counted, and refused there once expired', async ({
  browser,
}) => {
  // Two checkouts, beside a login that may wait for the next code.
  test.setTimeout(120_000);
  const member = await ownBrowser(browser);
  await newConfirmedMember(member, { email: `console.code.${Date.now()}@example.test`, password: PASSWORD });
  const { bundles } = (await (await member.request.get('/api/bundles.php')).json()) as {
    bundles: Array<{ id: number; credits: number }>;
  };
  const bundle = bundles[0]!;
  const code = `LENTE${tag().toUpperCase()}`;
  const payments = nlMember.payments;

  const page = await ownBrowser(browser);
  await staffLogin(page, adminAccount.email);
  await openShop(page, admin.shop.discountCodes.title);
  await page.getByRole('button', { name: admin.shop.discountCodes.add }).click();
  const form = page.getByRole('form', { name: admin.shop.discountCodes.newTitle });
  await form.getByLabel(admin.shop.discountCodes.code, { exact: true }).fill(code);
  await form.getByLabel(admin.shop.discountCodes.percentageLabel, { exact: true }).fill('15');
  // Unlimited: once expired, the checkout refuses it for that and not for a use.
  await form.getByLabel(admin.shop.discountCodes.validity, { exact: true }).selectOption('unlimited');
  await form.getByRole('button', { name: admin.shop.discountCodes.create }).click();
  await expect(page.getByText(fill(admin.shop.discountCodes.created, { code }))).toBeVisible();

  // The member enters it on the bundles page and pays with it.
  await member.goto('/credits');
  await member.getByLabel(payments.discount.label).fill(code);
  await member.getByRole('button', { name: payments.discount.apply }).click();
  await expect(member.getByText(fill(payments.discount.applied, { code, percent: 15 }))).toBeVisible();
  await chooseBundle(member, bundle.credits).click();
  const discountLine = member.getByText(fill(payments.summary.codeDiscount, { code, percent: 15 }));
  await expect(discountLine).toBeVisible();
  await payWithIdeal(member);
  await settle(member, 'paid');
  const orderId = Number(/\/transactions\/(\d+)$/.exec(member.url())![1]);
  const { order } = (await (await member.request.get(`/api/order.php?id=${orderId}`)).json()) as {
    order: { status: string; discount_code: string | null };
  };
  expect(order).toMatchObject({ status: 'completed', discount_code: code });

  // The console counts the use.
  await page.getByLabel(admin.shop.discountCodes.search).fill(code);
  await page.getByLabel(admin.shop.discountCodes.search).press('Enter');
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');

  // A second checkout with the code open, ready to pay; the code expires before the click.
  await member.goto(`/credits/${bundle.id}?code=${code}`);
  await expect(discountLine).toBeVisible();
  await member.getByRole('radio', { name: payments.methods.ideal }).check();
  await member.getByRole('checkbox', { name: /algemene voorwaarden/ }).check();

  await row.getByRole('button', { name: fill(admin.shop.discountCodes.expireLabel, { code }) }).click();
  const dialog = page.getByRole('dialog', { name: fill(admin.shop.discountCodes.expireTitle, { code }) });
  await dialog.getByRole('button', { name: admin.shop.discountCodes.expire }).click();
  await expect(page.getByText(fill(admin.shop.discountCodes.expired, { code }))).toBeVisible();
  await expect(row.getByText(admin.shop.discountCodes.states.inactive, { exact: true })).toBeVisible();

  await member
    .getByRole('button', { name: new RegExp(fill(payments.checkout.payWith, { amount: '.+', method: 'iDEAL' })) })
    .click();
  await expect(member.getByText(nlErrors.code_not_found)).toBeVisible();
  await expect(member).toHaveURL(/\/credits\/\d+\/ideal/);
});

test('an admin changes the company info, content pages show it, and it goes back for what runs next', async ({
  browser,
}) => {
  const page = await ownBrowser(browser);
  await staffLogin(page, adminAccount.email);
  await openShop(page, admin.shop.company.title);
  const nameField = page.getByLabel(admin.shop.company.fields.name, { exact: true });
  const addressField = page.getByLabel(admin.shop.company.fields.address, { exact: true });
  const save = page.getByRole('button', { name: admin.shop.company.save });
  const before = { name: await nameField.inputValue(), address: await addressField.inputValue() };
  const mark = tag();
  const changed = { name: `Amoria ${mark} B.V.`, address: `Tulpenlaan ${mark}` };

  /** Fills in and saves a name and address. */
  const saveCompany = async ({ name, address }: { name: string; address: string }) => {
    await nameField.fill(name);
    await addressField.fill(address);
    await save.click();
    await expect(page.getByText(fill(admin.shop.company.saved, { name })).last()).toBeVisible();
  };
  /** The terms page's content as a new visitor sees it. */
  const terms = async () => {
    const visitor = await ownBrowser(browser);
    await visitor.goto('/pages/terms');
    return visitor.getByRole('main');
  };

  await saveCompany(changed);
  const shown = await terms();
  await expect(shown.locator('address')).toContainText(changed.name);
  await expect(shown.locator('address')).toContainText(changed.address);
  // The terms name the company in their text too, rendered by the server as well.
  await expect(shown.locator('p', { hasText: changed.address })).toContainText(changed.name);
  expect(await (await shown.page().request.get('/pages/terms')).text()).toContain(changed.name);

  await saveCompany(before);
  const restored = (await terms()).locator('address');
  await expect(restored).toContainText(before.name);
  await expect(restored).toContainText(before.address);
});

test('an admin words the fictional profiles’ warning for English visitors only, until the standard text is back', async ({
  browser,
}) => {
  const page = await ownBrowser(browser);
  await staffLogin(page, adminAccount.email);
  await openSection(page, admin.nav.settings);
  const warning = page.getByRole('group', { name: admin.settings.fields.fictional_warning, exact: true });
  await warning.getByLabel(admin.settings.localized.language).selectOption('en');
  const english = warning.getByLabel(
    fill(admin.settings.localized.text, { field: admin.settings.fields.fictional_warning, language: 'English' }),
  );
  const own = `This profile is played by our ${tag()} team.`;

  /** Saves the settings with the English warning as given (empty: none). */
  const saveWarning = async (text: string) => {
    await english.fill(text);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/admin/site.php')),
      page.getByRole('button', { name: admin.settings.save }).click(),
    ]);
    expect(answer.ok()).toBe(true);
  };
  /** The home page's footer as a new visitor in `locale` sees it. */
  const footer = async (locale: 'nl' | 'en') => {
    const visitor = await ownBrowser(browser);
    await visitor.context().addCookies([{ name: 'locale', value: locale, url: new URL('/', page.url()).href }]);
    await visitor.goto('/');
    return visitor.locator('footer');
  };

  await saveWarning(own);
  await expect(await footer('en')).toContainText(own);
  const dutch = await footer('nl');
  await expect(dutch).toContainText(nlSettings.fictional_warning);
  await expect(dutch).not.toContainText(own);

  await saveWarning('');
  await expect(await footer('en')).toContainText(enSettings.fictional_warning);
});
