import { escapeHtml } from '../../platform/mail/templates.js';
import type { OutboxRow } from '../../platform/mail/index.js';
import type { OutboxSmsRow } from '../../platform/sms/index.js';

/** The links of a mail text; the same pattern the outbox log uses. */
const LINK = /https?:\/\/[^\s<>"')]+/g;

/** A mail's text part as HTML: everything escaped, each http(s) link made clickable. */
export function linkifiedText(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The stylesheet of the outbox page, served from our origin: the CSP allows no inline style. */
export const OUTBOX_CSS = `body{margin:0;padding:24px;font-family:system-ui,Arial,sans-serif;background:#f6f1eb;color:#2b2118}
main{max-width:880px;margin:0 auto}
h1{font-size:24px;margin:0 0 4px}
header p{margin:0 0 24px;color:#6b5d50}
article{background:#fff;border-radius:8px;padding:16px 20px;margin:0 0 16px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
article h2{font-size:17px;margin:0 0 8px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 12px;font-size:14px;color:#6b5d50}
dt{font-weight:bold}
dd{margin:0}
pre{white-space:pre-wrap;word-break:break-word;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;margin:0}
a{color:#7a4f1d}
`;

/** When a message was kept, readable and machine-readable. */
function sentAt(at: Date): string {
  return `<time datetime="${at.toISOString()}">${at.toISOString().replace('T', ' ').slice(0, 19)} UTC</time>`;
}

/**
 * The dev outbox as a page: newest mail first, with recipient, subject, time and the text part
 * (escaped, links clickable), then the text messages. No script and no inline style, so it runs
 * under the site's CSP.
 */
export function outboxPage(mails: OutboxRow[], texts: OutboxSmsRow[]): string {
  const items = mails
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<dl><dt>To</dt><dd>${escapeHtml(m.to)}</dd><dt>Sent</dt><dd>${sentAt(m.createdAt)}</dd></dl>
<pre>${linkifiedText(m.text)}</pre>
</article>`,
    )
    .join('\n');
  const messages = texts
    .map(
      (m) => `<article>
<h2>SMS</h2>
<dl><dt>To</dt><dd>${escapeHtml(m.to)}</dd><dt>Sent</dt><dd>${sentAt(m.createdAt)}</dd></dl>
<pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Outbox</title><link rel="stylesheet" href="/dev/outbox.css"></head>
<body><main>
<header><h1>Outbox</h1><p>Mails kept while no SMTP server is configured, newest first. Only this machine sees this page.</p></header>
${items || '<p>No mails yet.</p>'}
<h1>Text messages</h1>
${messages || '<p>No text messages yet.</p>'}
</main></body>
</html>
`;
}
