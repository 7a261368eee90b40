// Page-load benchmark of the landers, content pages and member pages on a throttled phone
// (npm run bench:pages). Not part of CI.
//
// Starts the server from its sources (apps/server/src/main.ts through tsx, the built web app
// in apps/web/dist: run `npm run build` first) on a fresh embedded database with the demo site
// seeded, then loads each page in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium)
// at 390x844 with the cache off, the network throttled to a slow 4G (150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up) and the CPU slowed BENCH_CPU_SLOWDOWN times (default 4, a
// mid-range phone). Each page loads BENCH_RUNS times (default 3). Per page it reports the
// median time to the first byte, first contentful paint and largest contentful paint, the
// JavaScript transferred, and whether the server's HTML already held the page's headline
// (server-rendered, so it paints before the app's code has arrived).
//
// Then the member pages as the demo member sees them (/members, a chat, /likes), on the same
// phone, network and CPU: a first visit (a fresh browser profile, logged in, nothing cached)
// and a repeat visit (the same page loaded again, its code in the browser's cache). Per page
// and visit it reports when the page's data was requested and when its content was painted
// (the first profile card, the chat's messages, the likes), against the targets below.
// BENCH_ONLY=members runs only these and keeps the file's visitor table.
//
// It prints tables and writes docs/benchmarks/pages.md.
/* global window, document, requestAnimationFrame -- these run in the page */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** Largest contentful paint a page should stay under on that phone (Google's "good"). */
const TARGET_LCP_MS = 2500;
const ONLY_MEMBERS = process.env.BENCH_ONLY === 'members';
const DEMO_MEMBER = { email: 'demo@amoria.example', password: 'demo1234' };
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** The targets for a member's content painted, per page and visit (ms); null: none set. */
const MEMBER_TARGETS = {
  '/members': { first: 4000, repeat: 2500 },
  chat: { first: null, repeat: 2000 },
  '/likes': { first: null, repeat: null },
};
const DOC = join(root, 'docs/benchmarks/pages.md');
const MEMBER_HEADING = '## Member pages';

const log = (...args) => console.error(...args);

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  log('No web build in apps/web/dist: run `npm run build` first.');
  process.exit(2);
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    JOB_TICK_SECONDS: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

log('starting the server and seeding the demo site...');
const deadline = Date.now() + 240_000;
for (;;) {
  try {
    if ((await fetch(`${base}/api/settings.php`)).ok) break;
  } catch {
    // Not listening yet.
  }
  if (Date.now() > deadline) {
    stop();
    throw new Error('the server did not start within 4 minutes');
  }
  await new Promise((r) => setTimeout(r, 1000));
}

const { members } = await (await fetch(`${base}/api/lander.php`)).json();
const memberId = members[0]?.id ?? 1;
const PAGES = [
  '/',
  ...[
    'alonetonight',
    'collagelanding',
    'gallery',
    'iconslanding',
    'maplanding',
    'socialnetwork',
    'transitionsvideolanding',
    'video',
  ].map((name) => `/landers/${name}/nl`),
  '/landers/tinderswipe',
  `/members/${memberId}/landing`,
  `/members/${memberId}/landing2/nl`,
  `/members/${memberId}/landing3/nl`,
  ...['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'].map((name) => `/pages/${name}`),
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const rows = [];
const memberRows = [];
try {
  for (const path of ONLY_MEMBERS ? [] : PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      // The one-time entry warning would be the largest paint of a first visit; measure the page.
      await context.addInitScript(() => localStorage.setItem('dismissed-site-entry-warning', String(Date.now())));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      let jsBytes = 0;
      const jsRequests = new Map();
      cdp.on('Network.responseReceived', (event) => {
        if (event.type === 'Script') jsRequests.set(event.requestId, true);
      });
      cdp.on('Network.loadingFinished', (event) => {
        if (jsRequests.has(event.requestId)) jsBytes += event.encodedDataLength;
      });
      const response = await page.goto(base + path, { waitUntil: 'load' });
      const html = (await response?.text()) ?? '';
      await page.waitForTimeout(1500);
      const timing = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const nav = performance.getEntriesByType('navigation')[0];
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve({ ttfb: nav.responseStart, fcp, lcp: entries.at(-1)?.startTime ?? null });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      runs.push({ ...timing, jsBytes, prerendered: /<h1>[^<]+<\/h1>/.test(html) });
      await context.close();
    }
    const row = {
      page: path,
      'TTFB ms': Math.round(median(runs.map((r) => r.ttfb))),
      'FCP ms': Math.round(median(runs.map((r) => r.fcp ?? Infinity))),
      'LCP ms': Math.round(median(runs.map((r) => r.lcp ?? Infinity))),
      'JS KB': Math.round(median(runs.map((r) => r.jsBytes)) / 1000),
      'headline in HTML': runs.every((r) => r.prerendered) ? 'yes' : 'no',
    };
    rows.push(row);
    log(`${path}: LCP ${row['LCP ms']} ms`);
  }
  await benchMemberPages(memberRows);
} finally {
  await browser.close();
  stop();
}

/** The demo member's session cookie, and the path of their newest chat. */
async function demoMember() {
  const login = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_MEMBER),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status}`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const headers = { ...XHR, cookie: cookies.join('; '), 'content-type': 'application/json' };
  // The demo site seeds no conversation for the demo member: a few texts to a member make one.
  const { members: found } = await (await fetch(`${base}/api/members.php`, { headers })).json();
  const partner = found[0];
  if (!partner) throw new Error('the demo member finds nobody to write to');
  for (const body of ['Hoi!', 'Hoe gaat het?', 'Zin in een drankje deze week?']) {
    const sent = await fetch(`${base}/api/message.php`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ member_id: partner.id, body }),
    });
    if (!sent.ok) throw new Error(`sending a message failed: ${sent.status} ${await sent.text()}`);
  }
  const { chats } = await (await fetch(`${base}/api/chats.php`, { headers })).json();
  const chat = chats[0];
  if (!chat) throw new Error('the demo member has no chat');
  return {
    cookies: cookies.map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name, value: value.join('='), url: base };
    }),
    chatPath: `/chats/${chat.id}`,
  };
}

/**
 * Loads the page and reports, from navigation start: when its data's request started
 * (resource timing) and the frame in which its content first existed (checked every frame,
 * just before that frame paints).
 */
async function memberVisit(page, path, content, api) {
  await page.goto(base + path, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__benchPainted !== undefined, null, { timeout: 60_000, polling: 100 });
  await page.waitForTimeout(300);
  return page.evaluate(
    ({ api: apiPath }) => {
      const request = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname === apiPath);
      return {
        painted: window.__benchPainted,
        requested: request ? request.startTime : null,
        arrived: request ? request.responseEnd : null,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      };
    },
    { api },
  );
}

async function benchMemberPages(into) {
  const { cookies, chatPath } = await demoMember();
  const pages = [
    { name: '/members', path: '/members', content: '.member-card', api: '/api/members.php' },
    { name: 'chat', path: chatPath, content: '.chat-bubble', api: '/api/chat.php' },
    { name: '/likes', path: '/likes', content: '.member-card, .empty-state', api: '/api/likes.php' },
  ];
  for (const target of pages) {
    const first = [];
    const repeat = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await context.addCookies(cookies);
      await context.addInitScript((content) => {
        localStorage.setItem('dismissed-site-entry-warning', String(Date.now()));
        const check = () => {
          if (document.querySelector(content)) window.__benchPainted = performance.now();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }, target.content);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      first.push(await memberVisit(page, target.path, target.content, target.api));
      await page.goto('about:blank');
      repeat.push(await memberVisit(page, target.path, target.content, target.api));
      await context.close();
    }
    for (const [visit, runs] of [
      ['first', first],
      ['repeat', repeat],
    ]) {
      const painted = Math.round(median(runs.map((r) => r.painted)));
      const goal = MEMBER_TARGETS[target.name][visit];
      const row = {
        page: target.name,
        visit,
        'data requested ms': Math.round(median(runs.map((r) => r.requested ?? Infinity))),
        'data arrived ms': Math.round(median(runs.map((r) => r.arrived ?? Infinity))),
        'FCP ms': Math.round(median(runs.map((r) => r.fcp ?? Infinity))),
        'content painted ms': painted,
        target: goal === null ? '' : `${goal} ${painted <= goal ? 'met' : 'missed'}`,
      };
      into.push(row);
      log(`${target.name} (${visit} visit): content painted at ${painted} ms`);
    }
  }
}

const machine = () =>
  `Machine: ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the end.`;

const memberTable = [
  `| page | visit | data requested ms | data arrived ms | FCP ms | content painted ms | target ms |`,
  `|---|---|---:|---:|---:|---:|---|`,
  ...memberRows.map(
    (r) =>
      `| ${r.page} | ${r.visit} | ${r['data requested ms']} | ${r['data arrived ms']} | ${r['FCP ms']} | ${r['content painted ms']} | ${r.target} |`,
  ),
].join('\n');
console.table(memberRows);
const memberSection = `${MEMBER_HEADING}

The demo member's /members, newest chat and /likes on the same phone, network and CPU, each
${RUNS} times (medians below): a first visit in a fresh browser profile (logged in, nothing
cached), then a repeat visit of the same page with its code in the browser's cache. "data
requested" and "data arrived": when the page's API request (members.php, chat.php, likes.php)
started and when its answer was in; "content painted": the frame in which the first profile
card, the chat's messages or the likes (or their empty state) first existed. All from the start
of the navigation. ${machine()}

${memberTable}
`;

let visitorSection;
if (ONLY_MEMBERS) {
  const current = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';
  visitorSection = current.split(MEMBER_HEADING)[0].trimEnd();
} else {
  console.table(rows);
  const lcps = rows.map((r) => r['LCP ms']).sort((a, b) => a - b);
  const over = rows.filter((r) => r['LCP ms'] > TARGET_LCP_MS);
  const summary = `LCP over all pages: median ${median(lcps)} ms, worst ${lcps.at(-1)} ms; ${over.length} of ${rows.length} over ${TARGET_LCP_MS} ms`;
  console.log(summary);

  const table = [
    `| page | TTFB ms | FCP ms | LCP ms | JS KB | headline in HTML |`,
    `|---|---:|---:|---:|---:|---|`,
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r['TTFB ms']} | ${r['FCP ms']} | ${r['LCP ms']} | ${r['JS KB']} | ${r['headline in HTML']} |`,
    ),
  ].join('\n');
  visitorSection = `# Landers and content pages on a slow phone

\`npm run bench:pages\` (bench/pages.mjs): the built app served by one server process on the embedded
database with the demo site, each page loaded ${RUNS} times (medians below) in Debian's Chromium at
390x844 with the cache off, a slow 4G network (150 ms round trip, 1.6 Mbit/s down) and the CPU
slowed ${CPU_SLOWDOWN} times. ${machine()}

${summary}.

${table}

"headline in HTML": the server's response already holds the page's headline and text (server-rendered),
so the first paint needs no JavaScript; the app takes over when its code has arrived.`;
}
writeFileSync(DOC, `${visitorSection}\n\n${memberSection}`);
