import { expect, type Page } from '@playwright/test';
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { fill } from './helpers';

/** Buying a bundle through the demo checkout, as the payments and console specs both do. */
const payments = nlMember.payments;

/** The bundle link with `credits` credits on a bundles page. */
export function chooseBundle(page: Page, credits: number) {
  return page.getByRole('link', { name: fill(payments.bundles.chooseLabel_other, { count: credits }) });
}

/** On /credits/{id}: choose iDEAL, accept the terms and pay; lands on the demo checkout. */
export async function payWithIdeal(page: Page): Promise<void> {
  await page.getByRole('radio', { name: payments.methods.ideal }).check();
  await expect(page).toHaveURL(/\/credits\/\d+\/ideal/);
  await page.getByRole('checkbox', { name: /algemene voorwaarden/ }).check();
  await page
    .getByRole('button', {
      name: new RegExp(`^${fill(payments.checkout.payWith, { amount: '.+', method: 'iDEAL' })}$`),
    })
    .click();
  await expect(page).toHaveURL(/\/demo-checkout\//);
}

/** On the demo checkout: the payer's choice (the page speaks the browser's language or ours). */
export async function settle(page: Page, outcome: 'paid' | 'failed' | 'cancelled'): Promise<void> {
  const names = { paid: /^(Paid|Betaald)$/, failed: /^(Failed|Mislukt)$/, cancelled: /^(Cancelled|Geannuleerd)$/ };
  await page.getByRole('button', { name: names[outcome] }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
}
