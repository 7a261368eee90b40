// API throughput benchmark (npm run bench:api). Not part of CI.
//
// What every logged-in tab asks for over and over (user.php, chats.php and likes.php every
// minute, settings.php on every page) and what comes on top (search, profiles, a chat), timed with
// autocannon against the real server beside a bare Fastify hello world in the same run, so the
// ratio says what the app costs over Fastify itself on this machine, whatever else it is doing.
//
// Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// names a server and a database to connect to first; the benchmark (re)creates its own database
// bench_api there, applies our migrations and reference data through the server's own code, and
// seeds in SQL BENCH_MEMBERS (default 5,000) active members spread over 15 countries, each with a
// main photo and interests; the first BENCH_CONNECTIONS (default 100) are the bench members, in
// NL, each with a session, CHATS conversations of MESSAGES messages and LIKES likes given and
// received (half of them matches). Every connection is one bench member with its own cookie.
//
// Phases, each with the server (apps/server/src/main.ts through tsx, as bench:chat starts it):
//   1. PostgreSQL: per endpoint, BENCH_WARMUP (default 1) s unmeasured, then bare Fastify, the app,
//      bare, the app, BENCH_SECONDS (default 6) each at BENCH_CONNECTIONS connections. The polled
//      endpoints (POLLED) then run again as a tab polls them: each connection first GETs its
//      member's answer to learn the ETag, then sends If-None-Match with it (bare, polls, bare,
//      polls), as the web client does when nothing changed.
//   2. CPU: CPU_REQUESTS requests at 10 connections to the app on PostgreSQL per CPU_ENDPOINTS
//      endpoint, and per polled endpoint revalidating; CPU of the server process and of
//      PostgreSQL's processes from /proc.
//   3. PGlite (skipped with BENCH_SKIP_PGLITE=1): the same seed in a PGlite data directory and the
//      app started on it without DATABASE_URL, one timed run per endpoint.
// BENCH_ENDPOINTS (comma-separated keys, see ENDPOINTS) runs a subset. It prints a table and writes
// docs/benchmarks/api.md: the run goes under the heading BENCH_LABEL (default "Run at <commit>"),
// replacing a run of the same label there and keeping the others, so before and after sit side by
// side.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { tsImport } from 'tsx/esm/api';
import { COUNTRY_WEIGHTS, cpuBetween, cpuByPid, freePort, freshDatabase, postgresPids } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const SKIP_PGLITE = process.env.BENCH_SKIP_PGLITE === '1';
/** What a browser asks for; the app compresses answers over 1 KB (@fastify/compress). Empty: none. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
/** The bench's database; BENCH_DB names another when several runs share one PostgreSQL server. */
const BENCH_DB = process.env.BENCH_DB ?? 'bench_api';
/** Conversations per bench member, messages per conversation, likes given and received. */
const CHATS = 20;
const MESSAGES = 10;
const LIKES = 20;
const CPU_REQUESTS = 1000;
const CPU_CONNECTIONS = 10;
const CPU_ENDPOINTS = ['chats', 'user', 'likes', 'members'];
/** The issue's targets: app/bare ratio and p99 at CONNECTIONS for the polled calls, and so on. */
const POLLED = ['user', 'chats', 'likes'];
const TARGET_POLLED_RATIO = 0.25;
const TARGET_POLLED_P99_MS = 25;
const TARGET_SEARCH_RATIO = 0.15;
const TARGET_PGLITE_RATIO = 0.3;
const TARGET_CHATS_CPU_MS = 1.5;

if (!Number.isInteger(MEMBERS) || !Number.isInteger(CONNECTIONS) || CONNECTIONS < 1 || MEMBERS < 10 * CONNECTIONS) {
  throw new Error('BENCH_MEMBERS and BENCH_CONNECTIONS must be whole numbers, members at least 10 times connections');
}

const scriptStart = performance.now();
const load = (path) => tsImport(join(root, path), import.meta.url);
const shared = await load('packages/shared/src/index.ts');
const { openDatabase } = await load('apps/server/src/db/client.ts');
const { seedReference } = await load('apps/server/src/db/seed/reference.ts');
const { AUTH_COOKIE, REQUEST_TYPE_HEADER, REQUEST_TYPE_VALUE, SEARCH_PAGE_SIZE } = shared;

const log = (...args) => console.error(...args);
const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(1);

// --- the seed: the same SQL for PostgreSQL and PGlite ------------------------------------------
// Members spread over the sites' audiences (bench/lib.mjs); bench members are all in NL.
const weighted = Object.entries(COUNTRY_WEIGHTS).flatMap(([c, w]) => Array(w).fill(`'${c}'`));
const B = CONNECTIONS;
const OTHERS = MEMBERS - B;
/** Where the likes' partners start among the others: away from the conversations' partners. */
const LIKES_OFFSET = Math.floor(OTHERS / 2);

/**
 * A bench member's session token: deterministic, so PostgreSQL and PGlite get the same sessions
 * from one SQL text. Tokens are 43 characters of [\w-] (session.ts); only their SHA-256 is stored.
 */
const tokenOf = (memberId) => `apibench${String(memberId).padStart(35, '0')}`;
const cookieOf = (memberId) => `${AUTH_COOKIE}=${tokenOf(memberId)}`;

/**
 * The k-th (0-based) other member of bench member i for a list starting at `offset`: the bench
 * members' partners never overlap within one list and are spread over the whole site.
 */
const otherOf = (i, k, offset, stride) => `(${B + 1} + (${offset} + (${i} - 1) * ${stride} + ${k}) % ${OTHERS})`;

const SEED = [
  `insert into members (id, email, password_hash, status, domain, language, paid_user, signup_date)
   select g, 'api' || g || '@bench.test', 'x', 'confirmed', 'localhost', 'nl', g % 4 = 0,
          now() - (g % 700) * interval '1 day'
   from generate_series(1, ${MEMBERS}) g`,
  `select setval(pg_get_serial_sequence('members', 'id'), ${MEMBERS})`,
  `with region_ids as (select country, array_agg(id order by id) ids from regions group by country),
   base as (
     select g as id,
            case when g <= ${B} then 'NL' else (array[${weighted.join(',')}])[1 + (g * 7919) % ${weighted.length}] end as country
     from generate_series(1, ${MEMBERS}) g)
   insert into profiles (member_id, name, gender, sexuality, birth_date, country, region_id, status, last_active_at)
   select b.id, 'Member ' || b.id, case when b.id % 2 = 0 then 'male' else 'female' end,
          case when b.id > ${B} and b.id % 11 = 0 then 'bi' else 'hetero' end,
          current_date - (18 * 365 + (b.id * 7907) % (45 * 365)),
          b.country,
          case when b.id % 10 <> 0 and r.ids is not null then r.ids[1 + (b.id * 31) % cardinality(r.ids)] end,
          'active',
          case when b.id <= ${B} then now()
               else now() - power(((b.id * 7919) % 1000) / 1000.0, 2) * interval '30 days' end
   from base b left join region_ids r on r.country = b.country`,
  `insert into photos (member_id, position, is_main, filename, thumb_filename, match_filename)
   select id, 0, true, 'p/' || id || '.jpg', 't/' || id || '.jpg', 'x/' || id || '.jpg' from members`,
  `insert into profile_interests (member_id, interest_id)
   select distinct m.id, i.ids[1 + (m.id * k) % cardinality(i.ids)]
   from members m, generate_series(1, 3) k, (select array_agg(id order by id) ids from interests) i`,
  `insert into sessions (token_hash, member_id, expires_at)
   select encode(sha256(convert_to('apibench' || lpad(g::text, 35, '0'), 'UTF8')), 'hex'), g, now() + interval '30 days'
   from generate_series(1, ${B}) g`,
  // CHATS conversations per bench member, each with MESSAGES messages taking turns a minute apart,
  // the partner's last one unread in every other conversation.
  `insert into conversations (member_low_id, member_high_id, started_by, created_at)
   select i, ${otherOf('i', 'k', 0, CHATS)}, case when k % 2 = 0 then i else ${otherOf('i', 'k', 0, CHATS)} end,
          now() - interval '2 days'
   from generate_series(1, ${B}) i, generate_series(0, ${CHATS - 1}) k`,
  `insert into messages (conversation_id, sender_id, body, credits, created_at)
   select c.id, case when n % 2 = 0 then c.member_high_id else c.member_low_id end,
          'Message ' || n || ' of a bench conversation, about as long as a chat line is.',
          case when n % 2 = 0 then 10 else 0 end,
          now() - (c.id * 7 % 1440) * interval '1 minute' - (${MESSAGES} - n) * interval '1 minute'
   from conversations c, generate_series(1, ${MESSAGES}) n`,
  `insert into conversation_members (conversation_id, member_id, unread_count, last_message_at, last_read_at)
   select c.id, side.member_id, case when side.member_id = c.member_low_id and c.id % 2 = 0 then 1 else 0 end,
          last.at, last.at
   from conversations c
   join (select conversation_id, max(created_at) at from messages group by conversation_id) last
     on last.conversation_id = c.id
   cross join lateral (values (c.member_low_id), (c.member_high_id)) side(member_id)`,
  // Likes given to LIKES members and received from LIKES members, half of them the same: matches.
  `insert into likes (liker_id, liked_id, created_at)
   select i, ${otherOf('i', 'k', LIKES_OFFSET, 2 * LIKES)}, now() - (i + k) * interval '1 hour'
   from generate_series(1, ${B}) i, generate_series(0, ${LIKES - 1}) k`,
  `insert into likes (liker_id, liked_id, created_at, seen_at)
   select ${otherOf('i', 'k', LIKES_OFFSET, 2 * LIKES)}, i, now() - (i + k) * interval '1 hour' - interval '5 minutes',
          case when k % 2 = 0 then now() end
   from generate_series(1, ${B}) i, generate_series(${LIKES / 2}, ${LIKES / 2 + LIKES - 1}) k`,
  `update likes set matched_at = greatest(likes.created_at, back.created_at)
   from likes back where back.liker_id = likes.liked_id and back.liked_id = likes.liker_id`,
  'analyze',
];

/** Runs the seed on a database opened through the server's own openDatabase (migrated). */
async function seed(db) {
  await seedReference(db);
  for (const statement of SEED) await db.execute(sql.raw(statement));
}

// --- PostgreSQL: a fresh database --------------------------------------------------------------
const { url: benchUrl, version: pgVersion } = await freshDatabase(serverUrl, BENCH_DB);

let seedStart = performance.now();
{
  const database = await openDatabase({ databaseUrl: benchUrl.toString(), dataDir: 'unused' });
  await seed(database.db);
  await database.close();
}
const pgSeedSeconds = seconds(seedStart);
log(`seeded PostgreSQL: ${MEMBERS} members, ${B} with sessions, ${B * CHATS} conversations in ${pgSeedSeconds} s`);

const dataRoot = mkdtempSync(join(tmpdir(), 'bench-api-'));
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

// --- processes ----------------------------------------------------------------------------------
/** Spawns a server process and resolves once `readyPath` answers 200. */
async function startProcess(name, args, env, readyPath) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stderr.on('data', (chunk) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    children.delete(child);
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${origin}${readyPath}`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ready) return { name, origin, pid: child.pid, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The app on PostgreSQL (databaseUrl) or on PGlite in dataDir, production-like but for limits. */
const startApp = (name, { databaseUrl, dataDir }) =>
  startProcess(
    name,
    ['--import', 'tsx', join(root, 'apps/server/src/main.ts')],
    {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataRoot, 'no-web-build'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ERASE_JOB_INTERVAL_MINUTES: '0',
      // No scheduled jobs: their first tick mails every seeded member the weekly update, which
      // takes a minute of the server's time on PGlite and would land in the middle of a run.
      JOB_TICK_SECONDS: '0',
      // The bench is one client address sending thousands of API calls a second: the global
      // limit (300 a minute per address) times the largest scale config accepts.
      RATE_LIMIT_SCALE: '1000',
    },
    '/api/settings.php',
  );

const BARE_FASTIFY = `
  import Fastify from 'fastify';
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: Number(process.env.PORT), host: process.env.HOST });
`;
const startBare = () => startProcess('bare', ['--input-type=module', '-e', BARE_FASTIFY], {}, '/');

// --- endpoints ----------------------------------------------------------------------------------
const headersOf = (memberId) => ({
  accept: 'application/json',
  [REQUEST_TYPE_HEADER]: REQUEST_TYPE_VALUE,
  cookie: cookieOf(memberId),
  ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
});

/** GET `path` as bench member `memberId`; the parsed body of a 200, else an error. */
async function getJson(origin, path, memberId) {
  const res = await fetch(`${origin}${path}`, { headers: headersOf(memberId) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path} as member ${memberId} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/** Throws unless `ok`: an endpoint that answers but not what the bench seeded is not measured. */
function expect(ok, what) {
  if (!ok) throw new Error(`unexpected answer: ${what}`);
}

/**
 * The endpoints, each with the path bench member i asks for (some depend on earlier answers:
 * `prepare` reads them once per member before timing) and a check of the answer's shape
 * (the shared contract's schema) and content.
 */
const ENDPOINTS = [
  {
    key: 'user',
    path: () => '/api/user.php',
    check: (body, i) => {
      const { user } = shared.UserResponseSchema.parse(body);
      expect(user?.profile.id === i, 'user.php is the bench member');
    },
  },
  {
    key: 'chats',
    path: () => '/api/chats.php',
    check: (body) => {
      const { chats } = shared.ChatsResponseSchema.parse(body);
      expect(chats.length === CHATS && chats.every((c) => c.last_message), `chats.php lists ${CHATS} chats`);
    },
  },
  {
    key: 'likes',
    path: () => '/api/likes.php',
    check: (body) => {
      const likes = shared.LikesResponseSchema.parse(body);
      expect(
        likes.profiles.length === LIKES && likes.liked_by.length === LIKES && likes.matches.length === LIKES / 2,
        `likes.php has ${LIKES} given, ${LIKES} received, ${LIKES / 2} matches`,
      );
    },
  },
  {
    key: 'members',
    path: () => '/api/members.php',
    check: (body) => {
      const page = shared.SearchResponseSchema.parse(body);
      expect(page.members.length === SEARCH_PAGE_SIZE && page.next, 'members.php has a full first page');
    },
  },
  {
    key: 'members-cursor',
    label: 'members.php page 2',
    path: (i, answers) => `/api/members.php?cursor=${encodeURIComponent(answers.members.get(i).next)}`,
    check: (body) => {
      const page = shared.SearchResponseSchema.parse(body);
      expect(page.members.length === SEARCH_PAGE_SIZE, 'members.php has a full second page');
    },
  },
  {
    key: 'member',
    label: 'member.php',
    // The first card of the member's own search: the profile a member opens.
    path: (i, answers) => `/api/member.php?id=${answers.members.get(i).members[0].id}`,
    check: (body) => {
      const { member } = shared.MemberResponseSchema.parse(body);
      expect(member.photos.length === 1, 'member.php shows the photo');
    },
  },
  {
    key: 'chat',
    label: 'chat.php',
    path: (i, answers) => `/api/chat.php?id=${answers.chats.get(i).chats[0].id}`,
    check: (body) => {
      const chat = shared.ChatResponseSchema.parse(body);
      expect(chat.messages.length === MESSAGES, `chat.php has ${MESSAGES} messages`);
    },
  },
  {
    key: 'settings',
    path: () => '/api/settings.php',
    check: (body) => {
      shared.SettingsResponseSchema.parse(body);
    },
  },
];
const wanted = process.env.BENCH_ENDPOINTS?.split(',').map((k) => k.trim());
const unknown = wanted?.filter((k) => !ENDPOINTS.some((e) => e.key === k)) ?? [];
if (unknown.length)
  throw new Error(`unknown BENCH_ENDPOINTS ${unknown.join(', ')}; known: ${ENDPOINTS.map((e) => e.key)}`);
/** Endpoints whose paths the chosen ones need answers of (member.php needs members.php's). */
const NEEDS = { 'members-cursor': ['members'], member: ['members'], chat: ['chats'] };
const chosen = ENDPOINTS.filter((e) => !wanted || wanted.includes(e.key));
const labelOf = (e) => e.label ?? `${e.key}.php`;
const benchMembers = Array.from({ length: B }, (_, k) => k + 1);

/** Bench members whose answers are checked per endpoint before timing. */
const CHECKED = 10;

/**
 * Every bench member's path of every chosen endpoint, the first CHECKED members' answers checked:
 * asks each member's members.php and chats.php first (checked too) when a path depends on them.
 */
async function preparePaths(origin) {
  const answers = {};
  const needed = new Set(chosen.flatMap((e) => NEEDS[e.key] ?? []));
  for (const key of needed) {
    const endpoint = ENDPOINTS.find((e) => e.key === key);
    answers[key] = new Map();
    for (const i of benchMembers) {
      const body = await getJson(origin, endpoint.path(i, answers), i);
      endpoint.check(body, i);
      answers[key].set(i, body);
    }
  }
  const paths = new Map();
  for (const endpoint of chosen) {
    const list = benchMembers.map((i) => endpoint.path(i, answers));
    for (const i of benchMembers.slice(0, CHECKED)) endpoint.check(await getJson(origin, list[i - 1], i), i);
    paths.set(endpoint.key, list);
  }
  return paths;
}

// --- load -----------------------------------------------------------------------------------------
/**
 * autocannon against `origin`: connection n is bench member n (round robin over the members),
 * asking for that member's path; `opts` gives duration or amount and connections. Resolves once
 * the server has worked off what was still in flight when the run ended (up to a connection's
 * request each, seconds on PGlite): one more request, answered after them, so the next run does
 * not start behind this one's backlog.
 */
async function cannon(origin, paths, opts, etags = null) {
  let next = 0;
  const result = await new Promise((resolve, reject) => {
    autocannon(
      {
        url: origin,
        connections: CONNECTIONS,
        ...opts,
        setupClient: (client) => {
          const i = (next++ % B) + 1;
          const headers = { ...headersOf(i), ...(etags ? { 'if-none-match': etags[i - 1] } : {}) };
          client.setRequests([{ method: 'GET', path: paths ? paths[i - 1] : '/', headers }]);
        },
      },
      (err, done) => (err ? reject(err) : resolve(done)),
    );
  });
  await fetch(`${origin}${paths ? paths[0] : '/'}`, { headers: headersOf(1) }).then((res) => res.arrayBuffer());
  return result;
}

/**
 * req/s, p50/p99 ms and the answers that were not 200 of a run; of a revalidating run, the
 * answers that were neither 304 nor 200 (`rebuilt` counts the 200s: answers built again).
 */
function summary(result, revalidating = false) {
  const notModified = revalidating ? result['3xx'] : 0;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx - notModified + result.errors + result.timeouts,
    rebuilt: result['2xx'],
    answers: result['2xx'] + result.non2xx,
  };
}

/** Each bench member's ETag of its path (one GET each): what a polling tab holds. */
async function learnEtags(origin, paths) {
  const tags = [];
  for (const [k, path] of paths.entries()) {
    const res = await fetch(`${origin}${path}`, { headers: headersOf(k + 1) });
    await res.arrayBuffer();
    const tag = res.headers.get('etag');
    if (res.status !== 200 || !tag) throw new Error(`GET ${path} as member ${k + 1}: ${res.status}, ETag ${tag}`);
    tags.push(tag);
  }
  return tags;
}

const mean = (list, field) => list.reduce((sum, r) => sum + r[field], 0) / list.length;

// --- the runs -------------------------------------------------------------------------------------
const day = new Date().toISOString().slice(0, 10);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
const loadAtStart = loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
const results = new Map(chosen.map((e) => [e.key, { endpoint: e }]));
let pgliteSeedSeconds = null;
try {
  const bare = await startBare();
  const app = await startApp('postgres', { databaseUrl: benchUrl.toString(), dataDir: join(dataRoot, 'pg') });
  const paths = await preparePaths(app.origin);
  log(`checked ${chosen.length} endpoints for ${B} members`);

  if (WARMUP > 0) await cannon(bare.origin, null, { duration: WARMUP });
  for (const endpoint of chosen) {
    const own = paths.get(endpoint.key);
    if (WARMUP > 0) await cannon(app.origin, own, { duration: WARMUP });
    const runs = { bare: [], app: [] };
    for (let round = 0; round < 2; round += 1) {
      runs.bare.push(summary(await cannon(bare.origin, null, { duration: SECONDS })));
      runs.app.push(summary(await cannon(app.origin, own, { duration: SECONDS })));
    }
    const r = results.get(endpoint.key);
    Object.assign(r, {
      rps: mean(runs.app, 'rps'),
      p50: mean(runs.app, 'p50'),
      p99: Math.max(...runs.app.map((x) => x.p99)),
      failed: runs.app.reduce((sum, x) => sum + x.failed, 0),
      bareRps: mean(runs.bare, 'rps'),
    });
    r.ratio = r.rps / r.bareRps;
    log(
      `${labelOf(endpoint).padEnd(20)} app ${r.rps.toFixed(0)} req/s (p50 ${r.p50} p99 ${r.p99} ms) bare ${r.bareRps.toFixed(0)} req/s: ${(100 * r.ratio).toFixed(0)}%${r.failed ? `, ${r.failed} failed` : ''}`,
    );
    if (!POLLED.includes(endpoint.key)) continue;
    r.etags = await learnEtags(app.origin, own);
    const polls = { bare: [], app: [] };
    for (let round = 0; round < 2; round += 1) {
      polls.bare.push(summary(await cannon(bare.origin, null, { duration: SECONDS })));
      polls.app.push(summary(await cannon(app.origin, own, { duration: SECONDS }, r.etags), true));
    }
    const rebuilt = polls.app.reduce((sum, x) => sum + x.rebuilt, 0);
    r.poll = {
      rps: mean(polls.app, 'rps'),
      p50: mean(polls.app, 'p50'),
      p99: Math.max(...polls.app.map((x) => x.p99)),
      failed: polls.app.reduce((sum, x) => sum + x.failed, 0),
      notModifiedShare: 1 - rebuilt / polls.app.reduce((sum, x) => sum + x.answers, 0),
      bareRps: mean(polls.bare, 'rps'),
    };
    r.poll.ratio = r.poll.rps / r.poll.bareRps;
    log(
      `${`${labelOf(endpoint)} polls`.padEnd(20)} app ${r.poll.rps.toFixed(0)} req/s (p50 ${r.poll.p50} p99 ${r.poll.p99} ms) bare ${r.poll.bareRps.toFixed(0)} req/s: ${(100 * r.poll.ratio).toFixed(0)}%, ${(100 * r.poll.notModifiedShare).toFixed(1)}% answered 304${r.poll.failed ? `, ${r.poll.failed} failed` : ''}`,
    );
  }
  await bare.stop();

  for (const endpoint of chosen.filter((e) => CPU_ENDPOINTS.includes(e.key))) {
    const own = paths.get(endpoint.key);
    const before = { node: cpuByPid([app.pid]), postgres: cpuByPid(postgresPids(BENCH_DB)) };
    await cannon(app.origin, own, { amount: CPU_REQUESTS, connections: CPU_CONNECTIONS });
    const node = cpuBetween(before.node, cpuByPid([app.pid]));
    const postgres = cpuBetween(before.postgres, cpuByPid(postgresPids(BENCH_DB)));
    const r = results.get(endpoint.key);
    r.cpu = { node: (node * 1000) / CPU_REQUESTS, postgres: (postgres * 1000) / CPU_REQUESTS };
    log(
      `${labelOf(endpoint).padEnd(20)} CPU ${r.cpu.node.toFixed(2)} ms Node + ${r.cpu.postgres.toFixed(2)} ms PostgreSQL a request`,
    );
  }
  for (const r of [...results.values()].filter((x) => x.poll)) {
    const own = paths.get(r.endpoint.key);
    const before = { node: cpuByPid([app.pid]), postgres: cpuByPid(postgresPids(BENCH_DB)) };
    await cannon(app.origin, own, { amount: CPU_REQUESTS, connections: CPU_CONNECTIONS }, r.etags);
    const node = cpuBetween(before.node, cpuByPid([app.pid]));
    const postgres = cpuBetween(before.postgres, cpuByPid(postgresPids(BENCH_DB)));
    r.poll.cpu = { node: (node * 1000) / CPU_REQUESTS, postgres: (postgres * 1000) / CPU_REQUESTS };
    log(
      `${`${labelOf(r.endpoint)} polls`.padEnd(20)} CPU ${r.poll.cpu.node.toFixed(2)} ms Node + ${r.poll.cpu.postgres.toFixed(2)} ms PostgreSQL a request`,
    );
  }
  await app.stop();

  if (!SKIP_PGLITE) {
    const dataDir = join(dataRoot, 'pglite');
    seedStart = performance.now();
    const database = await openDatabase({ dataDir });
    await seed(database.db);
    await database.close();
    pgliteSeedSeconds = seconds(seedStart);
    log(`seeded PGlite in ${pgliteSeedSeconds} s`);
    const pglite = await startApp('pglite', { dataDir });
    const pglitePaths = await preparePaths(pglite.origin);
    for (const endpoint of chosen) {
      const own = pglitePaths.get(endpoint.key);
      if (WARMUP > 0) await cannon(pglite.origin, own, { duration: WARMUP });
      const run = summary(await cannon(pglite.origin, own, { duration: SECONDS }));
      const r = results.get(endpoint.key);
      r.pglite = { ...run, ratio: run.rps / r.rps };
      log(
        `${labelOf(endpoint).padEnd(20)} PGlite ${run.rps.toFixed(0)} req/s (p50 ${run.p50} p99 ${run.p99} ms): ${(100 * r.pglite.ratio).toFixed(0)}% of PostgreSQL`,
      );
    }
    await pglite.stop();
  }
} finally {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataRoot, { recursive: true, force: true });
}
const runMinutes = ((performance.now() - scriptStart) / 60_000).toFixed(1);
const loadAtEnd = loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');

// --- report ---------------------------------------------------------------------------------------
const f0 = (n) => (n === undefined ? '-' : n.toFixed(0));
const f2 = (n) => (n === undefined ? '-' : n.toFixed(2));
const pct = (n) => (n === undefined ? '-' : `${(100 * n).toFixed(0)}%`);
const rows = [...results.values()];
const table = [
  '| endpoint | app req/s | p50 ms | p99 ms | bare Fastify req/s | app / bare | PGlite req/s | PGlite p99 ms | PGlite / PostgreSQL | CPU ms/req Node | CPU ms/req PostgreSQL | failed |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${labelOf(r.endpoint)} | ${f0(r.rps)} | ${r.p50.toFixed(1)} | ${r.p99} | ${f0(r.bareRps)} | ${pct(r.ratio)} | ${f0(r.pglite?.rps)} | ${r.pglite?.p99 ?? '-'} | ${pct(r.pglite?.ratio)} | ${f2(r.cpu?.node)} | ${f2(r.cpu?.postgres)} | ${r.failed + (r.pglite?.failed ?? 0)} |`,
  ),
].join('\n');
const polled = rows.filter((r) => r.poll);
const pollTable = [
  '| polled endpoint, revalidating | app req/s | p50 ms | p99 ms | bare Fastify req/s | app / bare | answered 304 | CPU ms/req Node | CPU ms/req PostgreSQL | failed |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...polled.map(
    ({ endpoint, poll }) =>
      `| ${labelOf(endpoint)} | ${f0(poll.rps)} | ${poll.p50.toFixed(1)} | ${poll.p99} | ${f0(poll.bareRps)} | ${pct(poll.ratio)} | ${(100 * poll.notModifiedShare).toFixed(1)}% | ${f2(poll.cpu?.node)} | ${f2(poll.cpu?.postgres)} | ${poll.failed} |`,
  ),
].join('\n');
console.log(`\n${table}\n${polled.length ? `\n${pollTable}\n` : ''}`);

const verdict = (ok) => (ok ? 'met' : 'not met');
const targets = [];
for (const r of rows.filter((x) => POLLED.includes(x.endpoint.key))) {
  targets.push(
    `${labelOf(r.endpoint)}: ${pct(r.ratio)} of bare Fastify (target at least ${pct(TARGET_POLLED_RATIO)}): ${verdict(r.ratio >= TARGET_POLLED_RATIO)}; p99 ${r.p99} ms (target at most ${TARGET_POLLED_P99_MS} ms): ${verdict(r.p99 <= TARGET_POLLED_P99_MS)}`,
  );
  if (r.poll) {
    targets.push(
      `${labelOf(r.endpoint)} polls (If-None-Match, nothing changed): ${pct(r.poll.ratio)} of bare Fastify: ${verdict(r.poll.ratio >= TARGET_POLLED_RATIO)}; p99 ${r.poll.p99} ms: ${verdict(r.poll.p99 <= TARGET_POLLED_P99_MS)}`,
    );
  }
}
const search = results.get('members');
if (search) {
  targets.push(
    `members.php first page: ${pct(search.ratio)} of bare Fastify (target at least ${pct(TARGET_SEARCH_RATIO)}): ${verdict(search.ratio >= TARGET_SEARCH_RATIO)}`,
  );
}
if (!SKIP_PGLITE) {
  const worst = rows.reduce((a, b) => (b.pglite.ratio < a.pglite.ratio ? b : a));
  const under = rows.filter((r) => r.pglite.ratio < TARGET_PGLITE_RATIO).map((r) => labelOf(r.endpoint));
  targets.push(
    `PGlite: at least ${pct(TARGET_PGLITE_RATIO)} of PostgreSQL on every endpoint: ${verdict(under.length === 0)} (lowest ${labelOf(worst.endpoint)} at ${pct(worst.pglite.ratio)}${under.length ? `; under it: ${under.join(', ')}` : ''})`,
  );
}
const chats = results.get('chats');
if (chats?.cpu) {
  const total = chats.cpu.node + chats.cpu.postgres;
  targets.push(
    `CPU per chats.php request: ${f2(total)} ms (${f2(chats.cpu.node)} Node + ${f2(chats.cpu.postgres)} PostgreSQL; target at most ${TARGET_CHATS_CPU_MS} ms): ${verdict(total <= TARGET_CHATS_CPU_MS)}`,
  );
}
console.log(targets.map((t) => `- ${t}`).join('\n'));

const label = process.env.BENCH_LABEL ?? `Run at ${commit}`;
const env = [
  `BENCH_MEMBERS=${MEMBERS}`,
  `BENCH_CONNECTIONS=${CONNECTIONS}`,
  `BENCH_SECONDS=${SECONDS}`,
  `BENCH_WARMUP=${WARMUP}`,
  `BENCH_ACCEPT_ENCODING='${ACCEPT_ENCODING}'`,
  ...(wanted ? [`BENCH_ENDPOINTS=${wanted.join(',')}`] : []),
  ...(SKIP_PGLITE ? ['BENCH_SKIP_PGLITE=1'] : []),
].join(' ');
const section = `## ${label}

\`npm run bench:api\` on ${day} at commit ${commit} (${env}): PostgreSQL ${pgVersion} with stock
settings, Node ${process.version}, ${cpus().length} CPU cores (${cpus()[0]?.model ?? 'unknown'}) shared by PostgreSQL,
the server, bare Fastify, autocannon and other work on the machine: load average ${loadAtStart} when the
run began and ${loadAtEnd} (1 / 5 / 15 min) at the end; ${runMinutes} minutes. Seeded in ${pgSeedSeconds} s on PostgreSQL${pgliteSeedSeconds ? ` and ${pgliteSeedSeconds} s on PGlite` : ''}.

${table}
${polled.length ? `\n${pollTable}\n` : ''}
${targets.map((t) => `- ${t}`).join('\n')}
`;

const HEAD = `# API throughput benchmark

Produced by \`npm run bench:api\` (bench/api.mjs). Not part of CI. Each run below is one section;
a run with the label BENCH_LABEL replaces the section of that name and leaves the others.

## Set-up

The bench (re)creates the database ${BENCH_DB} on BENCH_DATABASE_URL (default the local server),
migrates it and adds the reference data through the server's own code, then seeds in SQL
${MEMBERS.toLocaleString('en')} confirmed members with active profiles (mixed genders, mostly hetero, ages 18 to 63,
15 countries weighted like the sites' audiences, regions, a main photo and three interests each,
last active over 30 days). The first ${B} are the bench members: in NL, a session each,
${CHATS} conversations of ${MESSAGES} messages each, ${LIKES} likes given and ${LIKES} received, ${LIKES / 2} of them matches.
autocannon (in the bench's own process) holds ${CONNECTIONS} keep-alive connections, each one bench member
with its own cookie and path, sending what the web app sends (Accept, X-Requested-With, the
cookie, and Accept-Encoding as a browser does, so answers over 1 KB are compressed).

- The app: apps/server/src/main.ts through tsx, as \`npm run dev\` and the other benchmarks run
  it, on PostgreSQL (a pool of 10 connections), no demo seed, NODE_ENV unset, no scheduled jobs
  (JOB_TICK_SECONDS=0: the first tick mails all seeded members their weekly update, about a
  minute of the server's time on PGlite, blocking every request meanwhile),
  RATE_LIMIT_SCALE=1000 (the global API limit of 300 a minute per address would stop one
  client address in a second; the limit itself is still checked on every call).
- Bare Fastify: a hello world (GET / answers {"hello":"world"}) in its own process, the ceiling of
  the HTTP stack on this machine. For every endpoint bare and the app alternate twice,
  ${SECONDS} s each; bare Fastify is warmed up for ${WARMUP} s once, the app for ${WARMUP} s on each endpoint before
  its runs. After every run the bench waits for one more answer, so the next run does not start
  behind the requests still in flight. The app's req/s is the mean of its two runs, p50 the
  mean of the two and p99 the higher.
- CPU: ${CPU_REQUESTS.toLocaleString('en')} requests at ${CPU_CONNECTIONS} connections per endpoint to the app on PostgreSQL; user + system
  time from /proc of the server process, and of PostgreSQL's processes (the postmaster, its
  background processes and the backends of ${BENCH_DB}; other databases' backends on a shared server
  are left out), divided by the requests.
- PGlite: the same seed in a PGlite data directory (opened through the server's openDatabase),
  the app started on it without DATABASE_URL, one ${SECONDS} s run per endpoint after ${WARMUP} s of warm-up.

Endpoints: user.php, chats.php and likes.php (no query: all three lists) are what every tab polls
each minute; members.php is the search page's first page with the defaults the web app sends
(none: sought gender, own country) and page 2 with the first page's cursor; member.php the
first card of that search; chat.php the member's newest conversation (opening it also marks it
read: one UPDATE and a bus event each time); settings.php is asked for by every page.

The polled endpoints run a second time as a tab polls them when nothing changed: each connection
first GETs its member's answer for the ETag, then every request sends If-None-Match with it
(bare and the polls alternate twice, as above, and ${CPU_REQUESTS.toLocaleString('en')} revalidating requests give the CPU).
"answered 304" is the share of those answers that were 304; "failed" counts the answers that were
neither 304 nor 200.

## How to read

"app / bare" is the share of bare Fastify's throughput the endpoint keeps in the same run, on the
same cores: it holds the machine steady where absolute req/s do not (load and other work move
both alike). The app's CPU and PostgreSQL's come out of the same cores as autocannon, so req/s
is bounded by total CPU per request; the CPU columns show where that goes. p99 at ${CONNECTIONS}
connections is mostly queueing: ${CONNECTIONS} requests in flight on ${cpus().length} cores. "failed" counts non-200
answers, errors and timeouts over all runs of the endpoint (it should be 0).

Targets (the issue): chats.php (a member with 20 conversations), user.php and likes.php at least
${pct(TARGET_POLLED_RATIO)} of bare Fastify's req/s and p99 at most ${TARGET_POLLED_P99_MS} ms at ${CONNECTIONS} connections; members.php first page at
least ${pct(TARGET_SEARCH_RATIO)} of bare Fastify; PGlite at least ${pct(TARGET_PGLITE_RATIO)} of PostgreSQL's throughput on the same
endpoint; CPU per chats.php request (Node plus PostgreSQL) at most ${TARGET_CHATS_CPU_MS} ms.
`;

const docPath = join(root, 'docs/benchmarks/api.md');
/** The run sections already in the document (every "## " section after "How to read"), by heading. */
function previousRuns() {
  if (!existsSync(docPath)) return [];
  const text = readFileSync(docPath, 'utf8');
  const parts = text.split(/^(?=## )/m).slice(1);
  return parts
    .filter((part) => !/^## (Set-up|How to read)\n/.test(part))
    .map((part) => ({ heading: part.slice(3, part.indexOf('\n')), text: part.trimEnd() }));
}
const runs = previousRuns();
const at = runs.findIndex((r) => r.heading === label);
if (at >= 0) runs[at] = { heading: label, text: section.trimEnd() };
else runs.push({ heading: label, text: section.trimEnd() });
mkdirSync(dirname(docPath), { recursive: true });
writeFileSync(docPath, `${HEAD}\n${runs.map((r) => r.text).join('\n\n')}\n`);
log('wrote docs/benchmarks/api.md');
