import { expect, test } from '@playwright/test';
import { skipEntryWarning, type Mail } from './helpers';

/**
 * A visitor files a complaint in Dutch: the page shows its reference, and both mails (the
 * confirmation to the visitor, the complaint to the site's support address) are in the outbox.
 */
test('a visitor files a complaint and both mails are in the outbox', async ({ page, request }, testInfo) => {
  await skipEntryWarning(page);
  const email = `klager-${testInfo.project.name}-${Date.now()}@example.com`;
  const settings = (await (await request.get('/api/settings.php')).json()) as { settings: { support_email: string } };
  const support = settings.settings.support_email;

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Klachten' }).click();
  await expect(page).toHaveURL(/\/complaints$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Klachten' })).toBeVisible();
  await expect(page.getByRole('link', { name: support })).toHaveAttribute('href', `mailto:${support}`);

  // Sending an empty form says what is missing and sends nothing.
  await page.getByRole('button', { name: 'Klacht versturen' }).click();
  await expect(page.getByRole('group', { name: 'Waar gaat je klacht over?' })).toContainText('Dit veld is verplicht.');

  await page.getByText('Een betaling', { exact: true }).click();
  await page.getByLabel('Om wie of wat gaat het? (optioneel)').fill('Bestelling van 12 mei');
  await page.getByLabel('Je klacht').fill('Ik heb twee keer betaald voor dezelfde credits.');
  await page.getByLabel('Je naam').fill('Sanne de Vries');
  await page.getByLabel('Je e-mailadres').fill(email);
  await page.getByRole('button', { name: 'Klacht versturen' }).click();

  const confirmation = page.getByRole('heading', { name: 'Bedankt, we hebben je klacht ontvangen' });
  await expect(confirmation).toBeFocused();
  const reference = (await page.locator('.complaint-sent__code').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^C-\d{6,}$/);
  await expect(page.getByText(`We hebben een kopie gestuurd naar ${email}.`, { exact: false })).toBeVisible();

  let mails: Mail[] = [];
  await expect
    .poll(async () => {
      ({ mails } = (await (await request.get('/api/outbox.php')).json()) as { mails: Mail[] });
      return mails
        .filter((m) => m.subject.includes(reference))
        .map((m) => m.to)
        .sort();
    })
    .toEqual([email, support].sort());
  const toSender = mails.find((m) => m.to === email && m.subject.includes(reference))!;
  expect(toSender.subject).toBe(`We hebben je klacht ontvangen (${reference})`);
  expect(toSender.text).toContain('Hallo Sanne de Vries,');
  expect(toSender.text).toContain('> Ik heb twee keer betaald voor dezelfde credits.');
  const toSupport = mails.find((m) => m.to === support && m.subject.includes(reference))!;
  expect(toSupport.subject).toBe(`Klacht ${reference} (Een betaling) van Sanne de Vries`);
  expect(toSupport.text).toContain(`E-mailadres: ${email}`);
  expect(toSupport.text).toContain('Gaat over: Bestelling van 12 mei');
  expect(toSupport.text).toContain('Ik heb twee keer betaald voor dezelfde credits.');
});
