// The visitors list with 100,000 visits to one member (npm run bench:visits). Not part of CI.
//
// Makes its own database bench_visits on BENCH_DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/postgres), with the reference data (seedReference), and 100,001 members with profiles (1 % invisible,
// 1 % blocked by or blocking the measured member, so the findable rule has work to do) and one
// visit from each of the others to member 1, at random times over the kept days. It then builds
// the real app (buildApp through tsx) on a recording connection pool, logs in as member 1 (a
// premium member, so the list shows cards) and times, through app.inject:
//   visitors.php first page, visitors.php a cursor page halfway down the list, likes.php (which
//   counts the new visitors for the badge), and member.php of a visited member (the visit upsert).
// Every statement the visitors pages send is EXPLAINed (ANALYZE, BUFFERS) as the generic plan a
// prepared statement runs on; a sequential scan of profile_visits, or a plan that reads more than
// a page's worth of visit rows, fails the run (exit code 1). Prints the figures and writes
// docs/benchmarks/visits.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';
import { tsImport } from 'tsx/esm/api';
import { freshDatabase, quantile } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VISITS = Number(process.env.BENCH_VISITS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const VIEWER = 1;

const load = (path) => tsImport(join(root, path), import.meta.url);
const schema = await load('apps/server/src/db/schema/index.ts');
const { buildApp } = await load('apps/server/src/app.ts');
const { openDatabase } = await load('apps/server/src/db/client.ts');
const { seedReference } = await load('apps/server/src/db/seed/reference.ts');
const { parseConfig } = await load('apps/server/src/config.ts');
const { createSession } = await load('apps/server/src/plugins/session.ts');
const { AUTH_COOKIE, VISITORS_PAGE_SIZE, VISITS_KEEP_DAYS } = await load('packages/shared/src/index.ts');

const log = (...args) => console.error(...args);
const { url: benchUrl, version } = await freshDatabase(serverUrl, 'bench_visits');
{
  const opened = await openDatabase({ databaseUrl: benchUrl.toString(), dataDir: 'unused' });
  await seedReference(opened.db);
  await opened.close();
}
const admin = new pg.Client({ connectionString: benchUrl.toString() });
await admin.connect();
const q = (text, params) => admin.query(text, params);

// --- data ----------------------------------------------------------------------------------------
log(`adding ${VISITS + 1} members and ${VISITS} visits ...`);
let t0 = performance.now();
await q('set synchronous_commit = off');
await q(
  `insert into members (id, email, email_key, password_hash, status, domain, language, paid_user, invisible)
   select g, 'm' || g || '@bench.test', 'm' || g || '@bench.test', 'x', 'confirmed', 'localhost', 'nl',
          g = $1, g % 100 = 7
   from generate_series(1, $2 + 1) g`,
  [VIEWER, VISITS],
);
await q(`select setval(pg_get_serial_sequence('members', 'id'), (select max(id) from members))`);
await q(
  `insert into profiles (member_id, name, gender, sexuality, birth_date, country, status, last_active_at)
   select g, 'Member ' || g, case when g % 2 = 0 then 'female' else 'male' end, 'hetero',
          current_date - (20 + g % 40) * 365, 'NL', 'active', now() - (g % 1000) * interval '1 hour'
   from generate_series(1, $1 + 1) g`,
  [VISITS],
);
await q(
  `insert into blocks (blocker_id, blocked_id)
   select case when g % 2 = 0 then $1 else g end, case when g % 2 = 0 then g else $1 end
   from generate_series(2, $2 + 1) g where g % 100 = 13`,
  [VIEWER, VISITS],
);
await q(
  `insert into profile_visits (viewed_id, viewer_id, last_at, count)
   select $1, g, now() - random() * ($3 - 1) * interval '1 day', 1 + floor(random() * 5)::int
   from generate_series(2, $2 + 1) g`,
  [VIEWER, VISITS, VISITS_KEEP_DAYS],
);
await q(`insert into visitors_seen (member_id, seen_at) values ($1, now() - interval '2 days')`, [VIEWER]);
await q('vacuum analyze');
log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// A cursor halfway down the list, as load more would send it after many pages.
const {
  rows: [middle],
} = await q(
  `select ((extract(epoch from last_at) * 1000000)::bigint)::text micros, viewer_id
   from profile_visits where viewed_id = $1 order by last_at desc, viewer_id desc offset $2 limit 1`,
  [VIEWER, Math.floor(VISITS / 2)],
);
const middleCursor = `${middle.micros}_${middle.viewer_id}`;

// --- the app on a recording pool -----------------------------------------------------------------
const recorded = new Map();
let current = null;
const pool = new pg.Pool({ connectionString: benchUrl.toString(), max: 4 });
pool.on('connect', (client) => {
  const query = client.query.bind(client);
  client.query = (config, values, callback) => {
    if (current && config && typeof config === 'object' && typeof config.text === 'string') {
      const list = recorded.get(current) ?? [];
      list.push({ text: config.text, name: config.name ?? null, values: values ?? config.values ?? [] });
      recorded.set(current, list);
    }
    return query(config, values, callback);
  };
});
const db = drizzle({ client: pool, schema });
const dataDir = mkdtempSync(join(tmpdir(), 'bench-visits-'));
const parsed = parseConfig({
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  DATA_DIR: dataDir,
  WEB_DIST_DIR: join(dataDir, 'no-web'),
  SEED_DEMO: 'false',
  JOB_TICK_SECONDS: '0',
  RATE_LIMIT_SCALE: '1000',
});
if (!parsed.ok) throw new Error(parsed.problems.join('; '));
const app = await buildApp(parsed.config, { db });
await app.ready();
const session = async (id) => ({ cookie: `${AUTH_COOKIE}=${(await createSession(db, id)).token}` });
const viewerHeaders = await session(VIEWER);
const visitorHeaders = await session(VISITS + 1);

async function call(url, headers) {
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res.json();
}

/** Latencies of `runs` calls after a warm-up, in ms, with the statements of one call recorded. */
async function time(name, url, headers) {
  for (let i = 0; i < 20; i++) await call(url, headers);
  current = name;
  const answer = await call(url, headers);
  current = null;
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await call(url, headers);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { name, answer, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
}

log(`timing ${RUNS} calls each ...`);
t0 = performance.now();
const results = [
  await time('visitors.php first page', '/api/visitors.php', viewerHeaders),
  await time('visitors.php cursor page (halfway)', `/api/visitors.php?before=${middleCursor}`, viewerHeaders),
  await time('likes.php (new-visitors badge)', '/api/likes.php', viewerHeaders),
  await time('member.php (records a visit)', `/api/member.php?id=${VIEWER}`, visitorHeaders),
];
log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await app.close();
await pool.end();
rmSync(dataDir, { recursive: true, force: true });

const [firstPage, cursorPage] = results;
const problems = [];
if (firstPage.answer.visitors.length !== VISITORS_PAGE_SIZE || !firstPage.answer.next)
  problems.push('the first page is not a full page with a cursor');
if (cursorPage.answer.visitors.length !== VISITORS_PAGE_SIZE) problems.push('the cursor page is not a full page');

// --- the plans -----------------------------------------------------------------------------------
function nodes(plan, out = []) {
  out.push(plan);
  for (const child of plan.Plans ?? []) nodes(child, out);
  return out;
}

let statementNo = 0;
/** EXPLAIN ANALYZE of a statement as the generic plan of a prepared statement. */
async function genericPlan(text, values) {
  const name = `bench_visits_${statementNo++}`;
  await q(`prepare ${name} as ${text}`);
  const literal = (v) => {
    const value = prepareValue(v);
    return value === null ? 'null' : admin.escapeLiteral(String(value));
  };
  const args = values.length ? `(${values.map(literal).join(', ')})` : '';
  try {
    await q('set plan_cache_mode = force_generic_plan');
    return (await q(`explain (analyze, buffers, format json) execute ${name}${args}`)).rows[0]['QUERY PLAN'][0];
  } finally {
    await q('reset plan_cache_mode');
    await q(`deallocate ${name}`);
  }
}

const planRows = [];
for (const name of [
  'visitors.php first page',
  'visitors.php cursor page (halfway)',
  'likes.php (new-visitors badge)',
]) {
  for (const statement of recorded.get(name) ?? []) {
    if (!/profile_visits/.test(statement.text) || !/^\s*select/i.test(statement.text)) continue;
    const explained = await genericPlan(statement.text, statement.values);
    const visitsScans = nodes(explained.Plan).filter((n) => n['Relation Name'] === 'profile_visits');
    for (const scan of visitsScans) {
      const row = {
        endpoint: name,
        statement: statement.name ?? '(unnamed)',
        node: scan['Node Type'],
        index: scan['Index Name'] ?? '-',
        direction: scan['Scan Direction'] ?? '-',
        rows: scan['Actual Rows'] * (scan['Actual Loops'] ?? 1),
        ms: explained['Execution Time'],
      };
      planRows.push(row);
      if (row.node === 'Seq Scan') problems.push(`${row.endpoint} ${row.statement}: sequential scan of profile_visits`);
      // A page reads a page (plus the rows the findable rule drops), a count up to its cap; never all.
      if (row.rows > 1_000) problems.push(`${row.endpoint} ${row.statement}: read ${row.rows} visit rows`);
    }
  }
}
await admin.end();

// --- report --------------------------------------------------------------------------------------
const fmt = (ms) => ms.toFixed(2);
const timing = results.map((r) => `| ${r.name} | ${fmt(r.p50)} | ${fmt(r.p99)} |`).join('\n');
const plans = planRows
  .map((r) => `| ${r.endpoint} | ${r.statement} | ${r.node} | ${r.index} | ${r.direction} | ${r.rows} | ${fmt(r.ms)} |`)
  .join('\n');
const report = `# Visitors list benchmark

\`npm run bench:visits\`: ${VISITS.toLocaleString('en')} visits to one member (member ${VIEWER}, premium),
from ${VISITS.toLocaleString('en')} members of whom 1 % are invisible and 1 % on either side of a
block with the member. PostgreSQL ${version}, ${cpus().length} cores (load ${loadavg()[0].toFixed(2)}),
${RUNS} calls per endpoint through app.inject after 20 warm-up calls, latency in ms (whole request:
session, query, presenting, serializing).

| call | p50 ms | p99 ms |
| ---- | -----: | -----: |
${timing}

Each visitors statement the pages sent, EXPLAIN ANALYZE as the generic plan of its prepared
statement (plan_cache_mode = force_generic_plan). Rows: the visit rows the scan read.

| endpoint | statement | node | index | direction | rows | ms |
| -------- | --------- | ---- | ----- | --------- | ---: | -: |
${plans}

The list reads profile_visits_viewed_last_idx backwards from the cursor (keyset: \`(last_at,
viewer_id) < cursor\`) and stops after a page plus the visitors the findable rule drops, so the
halfway page costs what the first one does. The counts read the same index in the same order and
stop at their cap (BADGE_CAP + 1) findable visitors; PostgreSQL may run them with parallel workers,
each of which reads up to the cap, so their rows can be a few times the cap and their time is
mostly the workers' start-up.
`;
mkdirSync(join(root, 'docs/benchmarks'), { recursive: true });
writeFileSync(join(root, 'docs/benchmarks/visits.md'), report);
console.log(report);
if (problems.length) {
  console.error(`FAILED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
