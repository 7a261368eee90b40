// Query plans of the hot read paths on the 1M-profile data of bench:search (npm run bench:explain).
// Not part of CI.
//
// Needs the database bench_search that `npm run bench:search` leaves behind on BENCH_DATABASE_URL's
// server (default postgres://postgres@127.0.0.1:5432/postgres). It adds chat data once (about
// 200,000 conversations with 5 messages each, and 20 for the measured member; their ledger rows
// and 200,000 sessions), then builds the
// real app (buildApp through tsx) on that database with a recording connection pool, logs in as
// bench:search's measured member and calls each endpoint twice, so every statement the paths
// send is the server's own, prepared ones included. Each statement is then EXPLAINed twice with
// its own parameter values: the custom plan, and the generic plan PostgreSQL may switch to for
// a prepared statement (PREPARE, plan_cache_mode = force_generic_plan, EXPLAIN EXECUTE).
// A sequential scan of a table over 10,000 rows in either plan fails the run (exit code 1), and so
// does a verified-only search page (members.php?verified=1, the first and a cursor page) whose
// plan does not use profiles_verified_browse_idx; a tenth of the members with a photo are made
// verified once for it.
// It prints a table and writes docs/benchmarks/explain.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';
import { tsImport } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'bench_search';
/** bench:search's measured member: a hetero man in NL with 5,000 likes each way. */
const VIEWER = 1;
const PARTNERS = 20;
/** Below this many rows a sequential scan is the planner's right choice, not a missing index. */
const SMALL_TABLE_ROWS = 10_000;
/** The partial index the verified-only search pages on (decision 0084). */
const VERIFIED_INDEX = 'profiles_verified_browse_idx';

const load = (path) => tsImport(join(root, path), import.meta.url);
const schema = await load('apps/server/src/db/schema/index.ts');
const { buildApp } = await load('apps/server/src/app.ts');
const { openDatabase } = await load('apps/server/src/db/client.ts');
const { parseConfig } = await load('apps/server/src/config.ts');
const { createSession } = await load('apps/server/src/plugins/session.ts');
const { AUTH_COOKIE, REQUEST_TYPE_HEADER, REQUEST_TYPE_VALUE } = await load('packages/shared/src/index.ts');

const log = (...args) => console.error(...args);
const benchUrl = new URL(serverUrl);
benchUrl.pathname = `/${BENCH_DB}`;

const admin = new pg.Client({ connectionString: benchUrl.toString() });
await admin.connect().catch((err) => {
  log(`cannot open ${BENCH_DB} (${err.message}): run npm run bench:search first`);
  process.exit(2);
});
const q = (text, params) => admin.query(text, params);
// Migrations added since bench:search filled the database (indexes among them) apply first.
await (await openDatabase({ databaseUrl: benchUrl.toString(), dataDir: 'unused' })).close();

// --- chat data, once ---------------------------------------------------------------------------
const {
  rows: [{ n: conversationCount }],
} = await q('select count(*)::int n from conversations');
if (conversationCount < 1000) {
  log('adding conversations and messages ...');
  const t0 = performance.now();
  await q('set synchronous_commit = off');
  await q(
    `insert into conversations (member_low_id, member_high_id, started_by, created_at)
     select least(a, b), greatest(a, b), a, now() - random() * interval '60 days'
     from (select 1 + floor(random() * 1000000)::int a, 1 + floor(random() * 1000000)::int b
           from generate_series(1, 200000)) x where a <> b
     on conflict do nothing`,
  );
  await q(
    `insert into conversations (member_low_id, member_high_id, started_by)
     select $1, g, $1 from generate_series(20001, 20000 + $2) g on conflict do nothing`,
    [VIEWER, PARTNERS],
  );
  await q(
    `insert into messages (conversation_id, sender_id, body, credits, created_at)
     select c.id, case when g % 2 = 0 then c.member_low_id else c.member_high_id end,
            'Hallo, message ' || g, 10, c.created_at + g * interval '1 minute'
     from conversations c, generate_series(1, 5) g`,
  );
  await q(
    `insert into conversation_members (conversation_id, member_id, unread_count, last_message_at)
     select c.id, m.id, (random() * 2)::int, c.created_at + interval '5 minutes'
     from conversations c cross join lateral (values (c.member_low_id), (c.member_high_id)) m(id)`,
  );
  await q('vacuum analyze conversations, conversation_members, messages');
  log(`  done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
const {
  rows: [{ n: sessionCount }],
} = await q('select count(*)::int n from sessions');
if (sessionCount < 1000) {
  log('adding sessions and ledger rows ...');
  await q('set synchronous_commit = off');
  await q(
    `insert into sessions (token_hash, member_id, expires_at)
     select md5('bench' || g), 1 + floor(random() * 1000000)::int, now() + interval '30 days'
     from generate_series(1, 200000) g`,
  );
  await q(
    `insert into credit_ledger (member_id, delta, reason, message_id, balance_after, created_at)
     select sender_id, -credits, 'message', id, 100, created_at from messages`,
  );
  await q('vacuum analyze sessions, credit_ledger');
}
// Verified members, once: a tenth of those with a main photo carry the badge against it, so the
// verified-only search has a partial index (profiles_verified_browse_idx) of about 60,000 entries.
const verifiedCount = async () =>
  (await q('select count(*)::int n from profiles where verified_photo_id is not null')).rows[0].n;
if ((await verifiedCount()) < 1000) {
  log('adding verified members ...');
  await q('set synchronous_commit = off');
  await q(
    `update profiles p set verified_photo_id = ph.id from photos ph
     where ph.member_id = p.member_id and ph.is_main and (p.member_id % 10 = 3 or p.member_id = $1)`,
    [VIEWER],
  );
  await q('vacuum analyze profiles');
}
const verifiedMembers = await verifiedCount();
const {
  rows: [{ id: conversationId }],
} = await q('select id from conversations where member_low_id = $1 order by id limit 1', [VIEWER]);

// --- the app on a recording pool ----------------------------------------------------------------
/** Statements sent while `current` names an endpoint, by endpoint. */
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
const dataDir = mkdtempSync(join(tmpdir(), 'bench-explain-'));
const parsed = parseConfig({
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  WEB_DIST_DIR: join(dataDir, 'no-web'),
  SEED_DEMO: 'false',
  JOB_TICK_SECONDS: '0',
  RATE_LIMIT_SCALE: '1000',
});
if (!parsed.ok) throw new Error(parsed.problems.join('; '));
const app = await buildApp(parsed.config, { db });
await app.ready();
const { token } = await createSession(db, VIEWER);
const headers = { cookie: `${AUTH_COOKIE}=${token}`, [REQUEST_TYPE_HEADER]: REQUEST_TYPE_VALUE };

async function call(name, url) {
  current = name;
  let res;
  for (let i = 0; i < 2; i++) res = await app.inject({ method: 'GET', url, headers });
  current = null;
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res.json();
}

const other = (await q('select member_id from profiles where member_id > 100 and status = $1 limit 1', ['active']))
  .rows[0].member_id;
await call('user.php', '/api/user.php');
await call('settings.php', '/api/settings.php');
await call('chats.php', '/api/chats.php');
await call('chat.php', `/api/chat.php?id=${conversationId}`);
await call('likes.php', '/api/likes.php');
const first = await call('members.php page 1', '/api/members.php');
const cursor = first.next ?? null;
if (cursor) await call('members.php next page', `/api/members.php?cursor=${encodeURIComponent(cursor)}`);
const verified = await call('members.php verified page 1', '/api/members.php?verified=1');
if (verified.next) {
  await call(
    'members.php verified next page',
    `/api/members.php?verified=1&cursor=${encodeURIComponent(verified.next)}`,
  );
}
await call('member.php', `/api/member.php?id=${other}`);
await app.close();
await pool.end();
rmSync(dataDir, { recursive: true, force: true });

// --- the plans -----------------------------------------------------------------------------------
const { rows: sizes } = await q(
  `select c.relname, c.reltuples::bigint rows from pg_class c
   join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`,
);
const rowsOf = new Map(sizes.map((r) => [r.relname, Number(r.rows)]));

/** Every scan node of a plan: [node type, relation, index]. */
function scans(plan, out = []) {
  if (plan['Relation Name'] || plan['Index Name'])
    out.push({ type: plan['Node Type'], relation: plan['Relation Name'] ?? null, index: plan['Index Name'] ?? null });
  for (const child of plan.Plans ?? []) scans(child, out);
  return out;
}

const explainable = /^\s*(select|with|update|insert|delete)\b/i;
let statementNo = 0;
async function plansOf(text, values) {
  const name = `bench_explain_${statementNo++}`;
  await q(`prepare ${name} as ${text}`);
  // EXPLAIN and EXECUTE take no bind parameters: the values go in as literals, in the driver's text form.
  const literal = (v) => {
    const value = prepareValue(v);
    return value === null ? 'null' : admin.escapeLiteral(String(value));
  };
  const args = values.length ? `(${values.map(literal).join(', ')})` : '';
  const plan = async (mode) => {
    await q(`set plan_cache_mode = ${mode}`);
    return (await q(`explain (format json) execute ${name}${args}`)).rows[0]['QUERY PLAN'][0].Plan;
  };
  try {
    return { custom: await plan('force_custom_plan'), generic: await plan('force_generic_plan') };
  } finally {
    await q('reset plan_cache_mode');
    await q(`deallocate ${name}`);
  }
}

const report = [];
let failures = 0;
for (const [endpoint, statements] of recorded) {
  const seen = new Set();
  for (const s of statements) {
    if (!explainable.test(s.text) || seen.has(s.text)) continue;
    seen.add(s.text);
    const { custom, generic } = await plansOf(s.text, s.values);
    const problems = [];
    for (const [kind, plan] of [
      ['custom', custom],
      ['generic', generic],
    ]) {
      for (const scan of scans(plan)) {
        if (scan.type === 'Seq Scan' && (rowsOf.get(scan.relation) ?? 0) >= SMALL_TABLE_ROWS)
          problems.push(
            `${kind}: Seq Scan on ${scan.relation} (${rowsOf.get(scan.relation).toLocaleString('en')} rows)`,
          );
      }
    }
    // The verified-only search must walk its partial index (decision 0084), not filter the
    // browse index's entries one heap row at a time.
    if (endpoint.startsWith('members.php verified') && s.name?.includes('verified')) {
      for (const [kind, plan] of [
        ['custom', custom],
        ['generic', generic],
      ]) {
        if (!scans(plan).some((x) => x.index === VERIFIED_INDEX)) problems.push(`${kind}: not on ${VERIFIED_INDEX}`);
      }
    }
    failures += problems.length ? 1 : 0;
    const used = [...new Set(scans(custom).map((x) => x.index ?? `${x.type} ${x.relation}`))];
    report.push({
      endpoint,
      statement: s.name ?? s.text.replace(/\s+/g, ' ').slice(0, 60),
      prepared: s.name !== null,
      scans: used.join(', '),
      problems,
    });
  }
}
const verifiedChecked = report.filter(
  (r) => r.endpoint.startsWith('members.php verified') && /verified/.test(r.statement),
);
if (verifiedChecked.length < 2) {
  report.push({
    endpoint: 'members.php verified',
    statement: 'first and cursor page',
    prepared: false,
    scans: '',
    problems: [`${verifiedChecked.length} of 2 verified search pages recorded`],
  });
  failures += 1;
}
await admin.end();

// --- output ----------------------------------------------------------------------------------------
const lines = report.map(
  (r) =>
    `| ${r.endpoint} | ${r.prepared ? `\`${r.statement}\`` : `${r.statement.replace(/\|/g, '\\|')} ...`} | ${r.prepared ? 'yes' : 'no'} | ${r.scans || '-'} | ${r.problems.length ? r.problems.join('; ') : 'ok'} |`,
);
const table = [
  '| endpoint | statement | prepared | scans and indexes (custom plan) | sequential scans of large tables |',
  '|---|---|---|---|---|',
  ...lines,
].join('\n');
console.log(table);
const load1 = loadavg()
  .map((x) => x.toFixed(1))
  .join(' / ');
const md = `# Query plans of the hot read paths

Produced by \`npm run bench:explain\` (bench/explain.mjs) on ${new Date().toISOString().slice(0, 10)}, after
\`npm run bench:search\` filled its database: 1,000,000 profiles, about 1M likes and 50,000 blocks
(docs/benchmarks/search.md), plus about 200,000 conversations with 5 messages each, their ledger rows and 200,000 sessions, and
${verifiedMembers.toLocaleString('en')} members with the verified badge (a tenth of those with a photo). ${cpus().length} CPU
cores, load average ${load1}. Not part of CI.

The real app (buildApp) ran on that database through a recording connection pool, logged in as
bench:search's measured member (5,000 likes each way, ${PARTNERS} conversations), and called each
endpoint twice. Every statement it sent was EXPLAINed with its own parameter values, as the custom plan
and as the generic plan PostgreSQL may choose for a prepared statement after five executions
(plan_cache_mode = force_generic_plan). A sequential scan of a table of ${SMALL_TABLE_ROWS.toLocaleString('en')}
rows or more in either plan fails the run; smaller tables (sites, settings, gifts, reference lists)
are scanned whole by design. The verified-only search (members.php?verified=1, its first page and
a cursor page) fails the run unless both plans of its page statement walk
\`${VERIFIED_INDEX}\`, the partial index over verified active profiles (decision 0084).

${table}

${failures === 0 ? 'No sequential scan of a large table on any of these paths.' : `${failures} statement(s) scan a large table.`}
`;
mkdirSync(join(root, 'docs/benchmarks'), { recursive: true });
writeFileSync(join(root, 'docs/benchmarks/explain.md'), md);
log(`wrote docs/benchmarks/explain.md; ${failures} statement(s) with a sequential scan of a large table`);
process.exit(failures === 0 ? 0 : 1);
