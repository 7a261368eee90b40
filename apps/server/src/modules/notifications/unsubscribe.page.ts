import type { Locale } from '@app/shared';
import { escapeHtml, mailText, type MailKey } from '../../platform/mail/templates.js';

/** The stylesheet of the page, served from our origin: the CSP allows no inline style. */
export const UNSUBSCRIBE_CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;padding:16px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#f6f1eb;color:#2b2118;display:flex;align-items:flex-start;justify-content:center}
main{width:100%;max-width:440px;margin-top:5vh;background:#fff;border-radius:16px;padding:24px;box-shadow:0 8px 24px rgba(43,33,24,.12)}
h1{font-size:22px;margin:0 0 8px}
p{margin:0 0 20px;color:#5c4f43;font-size:15px;line-height:1.5}
button{font:inherit;font-size:16px;font-weight:600;min-height:48px;width:100%;border-radius:12px;border:2px solid #8c5a1e;background:#8c5a1e;color:#fff;cursor:pointer}
button:hover{background:#6b4313}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
a{color:#6b4313;font-weight:600}
`;

/** Which page: the question with its button, the confirmation, or a refused token. */
export type UnsubscribeState =
  { state: 'ask'; action: string } | { state: 'done'; home: string } | { state: 'invalid' };

/**
 * The unsubscribe page: plain HTML with a form button (no script, no inline style), so it works
 * under the site's CSP and in any browser a mail link opens. Opening it changes nothing: mail
 * scanners fetch links; only the button's POST unsubscribes.
 */
export function unsubscribePage(locale: Locale, site: string, page: UnsubscribeState): string {
  const t = (key: MailKey) => escapeHtml(mailText(locale, key, { site }));
  const [title, body] =
    page.state === 'ask'
      ? [
          t('unsubscribe_title'),
          `<p>${t('unsubscribe_question')}</p>
<form method="post" action="${escapeHtml(page.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${t('unsubscribe_button')}</button></form>`,
        ]
      : page.state === 'done'
        ? [
            t('unsubscribe_done_title'),
            `<p>${t('unsubscribe_done')}</p>
<p><a href="${escapeHtml(page.home)}">${t('unsubscribe_back')}</a></p>`,
          ]
        : [t('unsubscribe_invalid_title'), `<p>${t('unsubscribe_invalid')}</p>`];
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><link rel="stylesheet" href="/unsubscribe.css"></head>
<body><main>
<h1>${title}</h1>
${body}
</main></body>
</html>
`;
}
