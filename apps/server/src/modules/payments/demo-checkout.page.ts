import { RECURRING_METHODS, type Locale } from '@app/shared';
import type { DemoPaymentRow } from '../../platform/payments/demo.js';
import { demoCheckoutPath } from '../../platform/payments/demo.js';
import { escapeHtml } from '../../platform/mail/templates.js';

/**
 * Texts of the demo checkout. It stands in for a provider's hosted page, which is worded in the
 * payer's language; the four languages of the spec's catalogue are enough for a page that only
 * runs without a payment provider, the others read English.
 */
const TEXTS = {
  en: {
    title: 'Demo checkout',
    note: 'This is a test payment page: no money is charged. Choose what happens to this payment.',
    amount: 'Amount',
    method: 'Payment method',
    description: 'Description',
    paid: 'Paid',
    failed: 'Failed',
    canceled: 'Cancelled',
    open: 'Leave pending',
    decline: 'Decline future charges of this card (to try a failed repeat order)',
    done: 'This payment is settled: {{status}}.',
    back: 'Back to the site',
  },
  nl: {
    title: 'Demo-afrekenpagina',
    note: 'Dit is een testbetaalpagina: er wordt geen geld afgeschreven. Kies wat er met deze betaling gebeurt.',
    amount: 'Bedrag',
    method: 'Betaalmethode',
    description: 'Omschrijving',
    paid: 'Betaald',
    failed: 'Mislukt',
    canceled: 'Geannuleerd',
    open: 'In behandeling laten',
    decline: 'Toekomstige afschrijvingen van deze kaart weigeren (om een mislukte herhaalbestelling te proberen)',
    done: 'Deze betaling is afgehandeld: {{status}}.',
    back: 'Terug naar de site',
  },
  de: {
    title: 'Demo-Kasse',
    note: 'Dies ist eine Testzahlungsseite: Es wird kein Geld abgebucht. Wähle, was mit dieser Zahlung passiert.',
    amount: 'Betrag',
    method: 'Zahlungsmethode',
    description: 'Beschreibung',
    paid: 'Bezahlt',
    failed: 'Fehlgeschlagen',
    canceled: 'Abgebrochen',
    open: 'Offen lassen',
    decline: 'Künftige Abbuchungen dieser Karte ablehnen (um eine fehlgeschlagene Wiederholungsbestellung zu testen)',
    done: 'Diese Zahlung ist abgeschlossen: {{status}}.',
    back: 'Zurück zur Website',
  },
  fr: {
    title: 'Paiement de démonstration',
    note: "Ceci est une page de paiement de test : aucun argent n'est débité. Choisissez ce qu'il advient de ce paiement.",
    amount: 'Montant',
    method: 'Moyen de paiement',
    description: 'Description',
    paid: 'Payé',
    failed: 'Échoué',
    canceled: 'Annulé',
    open: 'Laisser en attente',
    decline: 'Refuser les prochains prélèvements de cette carte (pour tester une commande répétée refusée)',
    done: 'Ce paiement est réglé : {{status}}.',
    back: 'Retour au site',
  },
} as const;
type PageLocale = keyof typeof TEXTS;

const isPageLocale = (locale: Locale): locale is PageLocale => locale in TEXTS;

/** How the methods are written on payment pages. */
const METHOD_NAMES: Record<string, string> = {
  sdd: 'SEPA Direct Debit',
  prezelewy24: 'Przelewy24',
  blik: 'BLIK',
  sct: 'SEPA Credit Transfer',
  giropay: 'giropay',
  mastercard: 'Mastercard',
  visa: 'Visa',
  creditcard: 'Credit card',
  nexi: 'Nexi',
  cartebancaire: 'Carte Bancaire',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  applepay: 'Apple Pay',
  paysafecard: 'paysafecard',
  maestro: 'Maestro',
  paypal: 'PayPal',
  sofort: 'SOFORT',
  eps: 'eps',
};

/** The stylesheet of the page, served from our origin: the CSP allows no inline style. */
export const DEMO_CHECKOUT_CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;padding:16px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#f6f1eb;color:#2b2118;display:flex;align-items:flex-start;justify-content:center}
main{width:100%;max-width:440px;margin-top:5vh;background:#fff;border-radius:16px;padding:24px;box-shadow:0 8px 24px rgba(43,33,24,.12)}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#7a4f1d;background:#f3e6d4;border-radius:999px;padding:4px 10px;margin:0 0 12px}
h1{font-size:22px;margin:0 0 8px}
.note{margin:0 0 20px;color:#5c4f43;font-size:15px;line-height:1.5}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:0 0 24px;font-size:15px}
dt{color:#5c4f43}
dd{margin:0;font-weight:600;text-align:right}
.amount{font-size:20px}
form{display:grid;gap:10px}
label{display:flex;gap:10px;align-items:flex-start;font-size:14px;color:#5c4f43;margin:0 0 6px;line-height:1.4}
input[type=checkbox]{width:20px;height:20px;margin:0;flex:none;accent-color:#8c5a1e}
button{font:inherit;font-size:16px;font-weight:600;min-height:48px;border-radius:12px;border:2px solid #8c5a1e;background:#fff;color:#6b4313;cursor:pointer}
button.primary{background:#8c5a1e;color:#fff}
button:hover{background:#f3e6d4}
button.primary:hover{background:#6b4313}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
a{color:#6b4313;font-weight:600}
`;

/** An amount in cents as the payer's language writes it, e.g. '€ 59,99'. */
export function formatAmount(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/**
 * The hosted page of a demo payment: amount, method and the payer's four choices as plain form
 * buttons (no script, no inline style, so it runs under the site's CSP and without JavaScript).
 * A settled payment only shows its state and the way back.
 */
export function demoCheckoutPage(payment: DemoPaymentRow, locale: Locale): string {
  const pageLocale: PageLocale = isPageLocale(locale) ? locale : 'en';
  const t = TEXTS[pageLocale];
  const rows = `<dl>
<dt>${t.amount}</dt><dd class="amount">${escapeHtml(formatAmount(payment.amount, payment.currency, pageLocale))}</dd>
<dt>${t.method}</dt><dd>${escapeHtml(METHOD_NAMES[payment.method] ?? payment.method)}</dd>
<dt>${t.description}</dt><dd>${escapeHtml(payment.description)}</dd>
</dl>`;
  const recurring = RECURRING_METHODS.some((method) => method === payment.method);
  const body =
    payment.status === 'open'
      ? `<p class="note">${t.note}</p>
${rows}
<form method="post" action="${escapeHtml(demoCheckoutPath(payment.id))}">
${recurring ? `<label><input type="checkbox" name="decline_future" value="1"> <span>${t.decline}</span></label>` : ''}
<button type="submit" name="outcome" value="paid" class="primary">${t.paid}</button>
<button type="submit" name="outcome" value="failed">${t.failed}</button>
<button type="submit" name="outcome" value="canceled">${t.canceled}</button>
<button type="submit" name="outcome" value="open">${t.open}</button>
</form>`
      : `${rows}
<p class="note">${escapeHtml(t.done.replace('{{status}}', t[payment.status === 'expired' ? 'failed' : payment.status]))}</p>
${payment.returnUrl ? `<p><a href="${escapeHtml(payment.returnUrl)}">${t.back}</a></p>` : ''}`;
  return `<!doctype html>
<html lang="${pageLocale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title><link rel="stylesheet" href="/demo-checkout.css"></head>
<body><main>
<p class="badge">Demo</p>
<h1>${t.title}</h1>
${body}
</main></body>
</html>
`;
}
