// Chat delivery benchmark (npm run bench:chat). Not part of CI.
//
// Needs PostgreSQL and Redis: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// names a server and a database to connect to first; the benchmark (re)creates its own database
// bench_chat there, applies our migrations and reference data through the server's own code, and
// seeds BENCH_MEMBERS (default 8,000) paying members with credits and a session each, in SQL,
// and PARTNERS conversations per member: everyone already chats with their neighbours on a ring.
// REDIS_URL (default redis://127.0.0.1:6379) is used by phase 2.
//
// Each phase starts real server processes (apps/server/src/main.ts through tsx, the sources that
// `npm start` compiles), opens one live channel (GET /api/live) per member, and sends messages through
// POST /api/message.php the way members chat: mostly to one of the sender's partners, into the
// conversation they have, and a share BENCH_FIRST_SHARE (default 0.05) to a random member, which
// nearly always opens a new conversation. At each rate of BENCH_RATES (default 500,200 a
// second; the first is the target), for BENCH_WARMUP (default 3) unmeasured seconds and then
// BENCH_SECONDS (default 20) measured ones. Each message is timed from the start of its HTTP
// request to its arrival on the recipient's socket, and from the HTTP answer to that arrival.
//   phase 1: one process, in-process bus.
//   phase 2: two processes on REDIS_URL; the members' sockets are spread over both, and each
//            member sends through the process its socket is on (half of the receivers are on
//            the other process).
// Each set-up first runs one unmeasured phase at the target rate, so that no measured phase is
// the first of fresh processes (compiling, filling their pools and caches). Each phase starts
// from a vacuumed and analyzed database right after a checkpoint, and the servers run no
// scheduled jobs, so that what differs between two phases is what the phases do.
// Each phase then runs once more at the target rate with typing: BENCH_TYPING_FACTOR (default 5)
// typing frames a second per message, sent as the browser sends them: each typist (a member in
// one of their ring conversations) sends a frame on their open live channel every 2.1 s (the
// browser's one per TYPING_INTERVAL_MS, at the next keystroke), TYPING_FRAMES of them, about the
// typing of one message, and then another typist takes over; 5 frames a second per message are
// therefore many typists at once, not a few flooding, so the message p99 with typing can be held
// against the run without it. Unless BENCH_TYPING_FLOOD=0, once more with the same number of
// frames from random members into random ring conversations, as no browser sends them (two
// within 2 s of each other now and then, which the server drops).
// Each tab says which conversation it shows, as the web client does (a `watch` frame, decision
// 0087): none when it opens, then the one its member last wrote or typed in; typing reaches only
// the tabs that show its conversation.
// BENCH_SETUPS (default 1,2) picks the set-ups: 1 process, 2 processes, or both.
// It prints a table and writes docs/benchmarks/chat.md. BENCH_CPU_PROF_DIR, when set, makes the
// server processes write V8 CPU profiles there (node --cpu-prof), to see where a send's time goes.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, setPriority, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { WebSocket } from 'ws';
import { cpuBetween, cpuByPid, freePort, freshDatabase, postgresPids, quantile } from './lib.mjs';
import { stallProbe } from './stalls.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 8000);
const RATES = (process.env.BENCH_RATES ?? '500,200').split(',').map(Number);
const TARGET_RATE = RATES[0];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const FIRST_SHARE = Number(process.env.BENCH_FIRST_SHARE ?? 0.05);
/** Conversations each member has before the run: with the members 1 and 2 places away on a ring. */
const PARTNERS = 4;
const BENCH_DB = 'bench_chat';
/** Time after the last send for the last messages to arrive before they count as lost. */
const DRAIN_MS = 3000;
const TARGET_P99_MS = 50;
const TYPING_FACTOR = Number(process.env.BENCH_TYPING_FACTOR ?? 5);
const TYPING_FLOOD = process.env.BENCH_TYPING_FLOOD !== '0';
/** Alternating pairs of phases without and with typists, after the single phases (see typingRounds). */
const TYPING_ROUNDS = Number(process.env.BENCH_TYPING_ROUNDS ?? 3);
/** Which set-ups run: 1 (one process) and 2 (two processes over Redis). */
const SETUPS = (process.env.BENCH_SETUPS ?? '1,2').split(',').map(Number);
/** The message p99 with typing may be at most this much above the run without it. */
const TYPING_P99_MARGIN = 0.1;
const profileDir = process.env.BENCH_CPU_PROF_DIR;

const load = (path) => tsImport(join(root, path), import.meta.url);
const shared = await load('packages/shared/src/index.ts');
const { openDatabase } = await load('apps/server/src/db/client.ts');
const { seedReference } = await load('apps/server/src/db/seed/reference.ts');
const { AUTH_COOKIE, LIVE_PATH, REQUEST_TYPE_HEADER, REQUEST_TYPE_VALUE, TYPING_INTERVAL_MS } = shared;
/** A typist's frames are this far apart: the browser's interval, then the next keystroke. */
const TYPING_GAP_MS = TYPING_INTERVAL_MS + 100;
/** Frames of one typist before another takes over: about 10 s of typing, one message's worth. */
const TYPING_FRAMES = 5;

const log = (...args) => console.error(...args);
const fmt = (ms) => (ms === null ? '-' : ms.toFixed(1));

// --- a fresh database with members and sessions ----------------------------------------------
const { url: benchUrl, version: pgVersion } = await freshDatabase(serverUrl, BENCH_DB);

const database = await openDatabase({ databaseUrl: benchUrl.toString(), dataDir: 'unused' });
await seedReference(database.db);
await database.close();

const client = new pg.Client({ connectionString: benchUrl.toString() });
await client.connect();
const seedStart = performance.now();
await client.query(
  `insert into members (id, email, password_hash, status, domain, language, credits, paid_user)
   select g, 'chat' || g || '@bench.test', 'x', 'confirmed', 'localhost', 'nl', 10000000, true
   from generate_series(1, $1) g`,
  [MEMBERS],
);
await client.query(`select setval(pg_get_serial_sequence('members', 'id'), $1)`, [MEMBERS]);
// Their balance opens with a ledger row, as every balance does.
await client.query(
  `insert into credit_ledger (member_id, delta, reason, balance_after) select id, credits, 'seed', credits from members`,
);
await client.query(
  `insert into profiles (member_id, name, gender, sexuality, birth_date, country, status)
   select id, 'Bench ' || id, case when id % 2 = 0 then 'male' else 'female' end, 'hetero',
          date '1990-01-01' + (id % 3650)::int, 'NL', 'active'
   from members`,
);
// Only the hash of a session token is stored; the benchmark keeps the tokens for the cookies.
const tokens = Array.from({ length: MEMBERS }, () => randomBytes(32).toString('base64url'));
await client.query(
  `insert into sessions (token_hash, member_id, expires_at)
   select h, i, now() + interval '30 days' from unnest($1::text[]) with ordinality as t(h, i)`,
  [tokens.map((token) => createHash('sha256').update(token).digest('hex'))],
);
// Each member chats with its neighbours on a ring (i ± 1, i ± 2): PARTNERS conversations each.
const pairs = [];
for (let id = 1; id <= MEMBERS; id += 1) {
  for (let step = 1; step <= PARTNERS / 2; step += 1) {
    const other = ((id - 1 + step) % MEMBERS) + 1;
    pairs.push([Math.min(id, other), Math.max(id, other), id]);
  }
}
await client.query(
  `insert into conversations (member_low_id, member_high_id, started_by)
   select * from unnest($1::bigint[], $2::bigint[], $3::bigint[])`,
  [pairs.map((p) => p[0]), pairs.map((p) => p[1]), pairs.map((p) => p[2])],
);
await client.query(
  `insert into conversation_members (conversation_id, member_id)
   select id, member_low_id from conversations union all select id, member_high_id from conversations`,
);
await client.query('analyze');
const conversationIds = new Map(
  (await client.query('select id, member_low_id, member_high_id from conversations')).rows.map((row) => [
    `${row.member_low_id}:${row.member_high_id}`,
    Number(row.id),
  ]),
);
const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);
log(`seeded ${MEMBERS} members with sessions and ${pairs.length} conversations in ${seedSeconds} s`);
const cookieOf = (memberId) => `${AUTH_COOKIE}=${tokens[memberId - 1]}`;

const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
await redis.connect();
const redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? 'unknown';
await redis.quit();

// --- server processes ------------------------------------------------------------------------
const dataRoot = mkdtempSync(join(tmpdir(), 'bench-chat-'));
const children = new Set();

/** Starts main.ts and resolves once it answers /api/settings.php. */
async function startServer(name, env) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, name)}`] : [];
  const stalls = ['--import', pathToFileURL(join(root, 'bench/stalls.mjs')).href];
  const child = spawn(
    process.execPath,
    [...profile, ...stalls, '--import', 'tsx', join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: benchUrl.toString(),
        DATA_DIR: join(dataRoot, name),
        WEB_DIST_DIR: join(dataRoot, 'no-web-build'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // No scheduled jobs: a mail job's run lands in one phase and not in the next.
        ERASE_JOB_INTERVAL_MINUTES: '0',
        JOB_TICK_SECONDS: '0',
        RATE_LIMIT_SCALE: '1000',
        BENCH_STALLS: '1',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  children.add(child);
  // A child inherits the generator's priority: the servers run at the machine's normal one.
  if (generatorRaised && child.pid !== undefined) setPriority(child.pid, 0);
  let output = '';
  /** Callers of stalls() waiting for the server's answer, first asked first answered. */
  const stallWaiters = [];
  let partial = '';
  child.stderr.on('data', (chunk) => {
    const text = partial + chunk.toString();
    const lines = text.split('\n');
    partial = lines.pop();
    for (const line of lines) {
      if (line.startsWith('BENCH_STALLS ')) stallWaiters.shift()?.(JSON.parse(line.slice('BENCH_STALLS '.length)));
      else output = `${output}${line}\n`.slice(-4000);
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
    children.delete(child);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${origin}/api/settings.php`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ready) {
      /** What the server's stall probe saw since it was last asked (bench/stalls.mjs). */
      const stalls = () =>
        new Promise((resolve) => {
          stallWaiters.push(resolve);
          child.kill('SIGUSR2');
        });
      return { name, origin, port, pid: child.pid, stop, stalls };
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

// --- live tabs and sends ---------------------------------------------------------------------
const BODY_PREFIX = 'bench ';

/**
 * Opens one live tab per member on the server given by `serverOf(memberId)`; `onReceived(seq,
 * at, server)` is called when a message reaches its recipient. Resolves once every tab had hello.
 */
async function openTabs(serverOf, onReceived) {
  const sockets = [];
  const socketOf = new Map();
  /** The conversation each member's tab shows (its last `watch` frame): null, the chat list, at first. */
  const watching = new Map();
  const open = (memberId) =>
    new Promise((resolve, reject) => {
      const server = serverOf(memberId);
      const url = `${server.origin.replace('http', 'ws')}${LIVE_PATH}`;
      const socket = new WebSocket(url, { headers: { origin: server.origin, cookie: cookieOf(memberId) } });
      sockets.push(socket);
      socketOf.set(memberId, socket);
      socket.on('message', (data) => {
        const at = performance.now();
        const text = data.toString();
        if (text.startsWith('{"type":"hello"')) return resolve();
        if (text.startsWith('{"type":"typing"')) return onReceived(null, at, server);
        // Only a recipient's copy counts: the sender's own tab and balance updates are skipped unparsed.
        if (!text.startsWith('{"type":"message"') || !text.includes('"from_me":false')) return;
        const { message } = JSON.parse(text);
        onReceived(Number(message.body.slice(BODY_PREFIX.length)), at, server);
      });
      // As the web client does on every connect: the tab shows no conversation yet.
      socket.once('open', () => {
        watching.set(memberId, null);
        socket.send(JSON.stringify({ type: 'watch', conversation_id: null }));
      });
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`handshake answered ${res.statusCode}`)));
    });
  const BATCH = 50;
  for (let first = 1; first <= MEMBERS; first += BATCH) {
    const batch = [];
    for (let id = first; id < first + BATCH && id <= MEMBERS; id += 1) batch.push(open(id));
    await Promise.all(batch);
  }
  return {
    count: sockets.length,
    /** The member types in the conversation: a frame on their tab, as the browser sends it. */
    typing: (memberId, conversation) =>
      socketOf.get(memberId).send(JSON.stringify({ type: 'typing', conversation_id: conversation })),
    /** The member's tab shows the conversation (null: one the benchmark does not know): a frame when that changes. */
    watch: (memberId, conversation) => {
      if (watching.get(memberId) === conversation) return;
      watching.set(memberId, conversation);
      socketOf.get(memberId).send(JSON.stringify({ type: 'watch', conversation_id: conversation }));
    },
    /** Tabs the server closed during the phase (one too far behind, or late with a pong on a loaded machine). */
    dropped: () => sockets.filter((s) => s.readyState === WebSocket.CLOSED).length,
    close: () =>
      Promise.all(
        sockets.map((s) =>
          s.readyState === WebSocket.CLOSED
            ? undefined
            : new Promise((resolve) => (s.once('close', resolve), s.close())),
        ),
      ),
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 128 });
/** The load generator's own stalls: a message that arrives while its loop is held is timed late. */
const generatorStalls = stallProbe();
/**
 * The load generator runs ahead of everything else for a CPU, as if on a machine of its own: it
 * times every message, and each moment it waits for a core is added to the latency of every
 * message arriving then (its wait grew with typing, which it sends too). Only root may raise a
 * priority; anyone else runs at the same one and is told so in the document.
 */
const GENERATOR_PRIORITY = -10;
let generatorRaised = false;
try {
  setPriority(GENERATOR_PRIORITY);
  generatorRaised = true;
} catch {
  // Not permitted: measured as before, and said in the document.
}
/** Every measured phase, rounds included. */
const phases = [];
/** A phase's stalls as table cells: the load generator's, then each server's. */
const stallCells = ({ generator, servers }) =>
  [generator, ...servers]
    .map((s) => `${fmt(s.loopMaxMs)} / ${fmt(s.gcMaxMs)} / ${fmt(s.gcTotalMs)} / ${fmt(s.cpuWaitMs)}`)
    .join(' | ');

/** A phase's slowest 1% as a table cell: the largest episode's share, and how many episodes. */
const episodeCell = ({ slow, episodes, largest, spanMs }) =>
  `${largest} of ${slow} sent within ${spanMs.toFixed(0)} ms; ${episodes} episode${episodes === 1 ? '' : 's'}`;

/** POST /api/message.php; resolves with the status (0 on a network error). */
function sendMessage(server, senderId, recipientId, body) {
  return new Promise((resolve) => {
    const payload = JSON.stringify({ member_id: recipientId, body });
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/message.php',
        headers: {
          cookie: cookieOf(senderId),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          [REQUEST_TYPE_HEADER]: REQUEST_TYPE_VALUE,
        },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.once('error', () => resolve(0));
    req.end(payload);
  });
}

/** A member typing into one of their ring conversations: [member, conversation id]. */
function pickTyping() {
  const a = 1 + Math.floor(Math.random() * MEMBERS);
  const b = randomPartner(a);
  return [a, conversationIds.get(`${Math.min(a, b)}:${Math.max(a, b)}`)];
}

/**
 * Typists as browsers are: `count` slots, each a member typing in one conversation, a frame every
 * TYPING_GAP_MS (never two within TYPING_INTERVAL_MS), TYPING_FRAMES frames, then the slot takes a
 * member who is not typing yet: as a person, a member types in one conversation at a time, so
 * there must be more members than typists. `frame(k)` gives the k-th frame's [member,
 * conversation], or null when its typist's last frame is too recent (a late tick): it is sent on a
 * later tick.
 */
function typists(count) {
  if (count >= MEMBERS) throw new Error(`${count} typists at once need more than BENCH_MEMBERS=${MEMBERS} members`);
  const slots = Array.from({ length: count }, () => ({ typist: null, frames: 0, lastAt: -Infinity }));
  const typing = new Set();
  return (k) => {
    const slot = slots[k % count];
    const at = performance.now();
    if (at - slot.lastAt < TYPING_INTERVAL_MS) return null;
    if (slot.typist === null || slot.frames === TYPING_FRAMES) {
      if (slot.typist) typing.delete(slot.typist[0]);
      let next = pickTyping();
      while (typing.has(next[0])) next = pickTyping();
      typing.add(next[0]);
      slot.typist = next;
      slot.frames = 0;
    }
    slot.frames += 1;
    slot.lastAt = at;
    return slot.typist;
  };
}

/** A random member other than `a`. */
function randomOther(a) {
  const b = 1 + Math.floor(Math.random() * (MEMBERS - 1));
  return b >= a ? b + 1 : b;
}

/** One of the member's ring partners (see the seed): 1 or 2 places either way. */
function randomPartner(a) {
  const step = 1 + Math.floor(Math.random() * (PARTNERS / 2));
  const offset = Math.random() < 0.5 ? step : MEMBERS - step;
  return ((a - 1 + offset) % MEMBERS) + 1;
}

/** Sender and recipient: mostly partners who chat already, FIRST_SHARE first contacts. */
function pickPair() {
  const a = 1 + Math.floor(Math.random() * MEMBERS);
  return [a, Math.random() < FIRST_SHARE ? randomOther(a) : randomPartner(a)];
}

/**
 * Transactions PostgreSQL counted for the benchmark's database: every statement outside an
 * explicit transaction is one, so per message this counts round trips of sends and of the
 * event handlers alike. The statistics reach the view within a second of the transaction.
 */
async function transactionCount() {
  const { rows } = await client.query(
    'select (xact_commit + xact_rollback)::float8 as n from pg_stat_database where datname = $1',
    [BENCH_DB],
  );
  return rows[0].n;
}

/** Per table, the autovacuum and autoanalyze runs so far: "relname vacuum" / "relname analyze" → count. */
async function autovacuumRuns() {
  const { rows } = await client.query(
    'select relname, autovacuum_count::int as vacuums, autoanalyze_count::int as analyzes from pg_stat_user_tables',
  );
  return new Map(
    rows.flatMap((r) => [
      [`${r.relname} vacuum`, r.vacuums],
      [`${r.relname} analyze`, r.analyzes],
    ]),
  );
}

/** Autovacuum's runs between two autovacuumRuns readings, as "messages vacuum, messages analyze". */
function autovacuumBetween(before, after) {
  const runs = [...after].filter(([key, count]) => count > (before.get(key) ?? 0)).map(([key]) => key);
  return runs.length === 0 ? 'none' : runs.join(', ');
}

/** Sends this close together are one episode of the slowest messages (see slowestEpisodes). */
const EPISODE_GAP_MS = 100;

/**
 * The phase's slowest 1%, those at or above its p99, grouped by when they were sent: sends less
 * than EPISODE_GAP_MS apart are one episode. One stall of the server or the machine makes an
 * episode of all the messages sent while it lasted, so when one episode holds most of them, it
 * alone set the phase's p99. Returns the number of episodes and the largest's size and span.
 */
function slowestEpisodes(sends, p99) {
  const slow = sends.filter((send) => send.ms >= p99).sort((x, y) => x.at - y.at);
  const episodes = [];
  for (const send of slow) {
    const last = episodes.at(-1);
    if (last && send.at - last.to < EPISODE_GAP_MS) {
      last.to = send.at;
      last.count += 1;
    } else episodes.push({ from: send.at, to: send.at, count: 1 });
  }
  const largest = episodes.reduce((a, b) => (b.count > a.count ? b : a), { from: 0, to: 0, count: 0 });
  return { slow: slow.length, episodes: episodes.length, largest: largest.count, spanMs: largest.to - largest.from };
}

/** Conversations in the database: the phase's difference is the conversations its sends opened. */
async function conversationCount() {
  const { rows } = await client.query('select count(*)::int as n from conversations');
  return rows[0].n;
}

/**
 * One phase: tabs on `serverOf(member)`, and each member's sends there, at `rate` a second, timed from
 * request start to arrival at the recipient's tab.
 */
async function runPhase(label, rate, serverOf, servers, typingFactor = 0, typingModel = 'typists') {
  const total = rate * (WARMUP + SECONDS);
  const measuredFrom = rate * WARMUP;
  const sentAt = new Float64Array(total).fill(NaN);
  const answeredAt = new Float64Array(total).fill(NaN);
  const receivedAt = new Float64Array(total).fill(NaN);
  const senderServer = new Array(total);
  /** Whether the message arrived on a socket of the process the sender sent it through. */
  const sameProcess = new Array(total);
  const httpMs = [];
  const statuses = new Map();
  let typingSent = 0;
  let typingReceived = 0;

  // Each phase starts alike: statistics as a live site's autovacuum keeps them (a phase adds more
  // messages than the tables held before, and plans made on their old size measured the
  // planner), no dead rows for autovacuum to clear mid-phase, and a checkpoint just made, so the
  // next comes minutes later instead of landing in one phase and not another.
  await client.query('vacuum analyze');
  await client.query('checkpoint');
  const conversationsBefore = await conversationCount();
  const tabs = await openTabs(serverOf, (seq, at, server) => {
    if (seq === null) {
      typingReceived += 1;
      return;
    }
    if (seq >= 0 && seq < total && Number.isNaN(receivedAt[seq])) {
      receivedAt[seq] = at;
      sameProcess[seq] = server === senderServer[seq];
    }
  });
  log(`${label}: ${tabs.count} live tabs open; sending ${rate}/s for ${WARMUP} + ${SECONDS} s`);

  const started = performance.now();
  let cpuFrom = null;
  let transactionsFrom = null;
  let autovacuumFrom = null;
  let next = 0;
  let nextTyping = 0;
  const typingTotal = total * typingFactor;
  const nextTypist =
    typingModel === 'typists' ? typists(Math.round((rate * typingFactor * TYPING_GAP_MS) / 1000)) : () => pickTyping();
  const inFlight = new Set();
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      while (next < due) {
        const seq = next++;
        if (seq === measuredFrom) {
          cpuFrom = {
            server: cpuByPid(servers.map((s) => s.pid)),
            postgres: cpuByPid(postgresPids(BENCH_DB)),
            client: cpuByPid([process.pid]),
          };
          transactionsFrom = transactionCount();
          autovacuumFrom = autovacuumRuns();
          // The stall probes count from here: what they saw before is let go.
          generatorStalls.read();
          for (const server of servers) void server.stalls();
        }
        const [a, b] = pickPair();
        // The sender has the conversation open; a first contact's is new, and no one types in it.
        tabs.watch(a, conversationIds.get(`${Math.min(a, b)}:${Math.max(a, b)}`) ?? null);
        senderServer[seq] = serverOf(a);
        sentAt[seq] = performance.now();
        const done = sendMessage(senderServer[seq], a, b, `${BODY_PREFIX}${seq}`).then((status) => {
          answeredAt[seq] = performance.now();
          if (seq >= measuredFrom) {
            httpMs.push(answeredAt[seq] - sentAt[seq]);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
          inFlight.delete(done);
        });
        inFlight.add(done);
      }
      const typingDue = Math.min(typingTotal, Math.floor(((performance.now() - started) * rate * typingFactor) / 1000));
      while (nextTyping < typingDue) {
        const typist = nextTypist(nextTyping);
        if (!typist) break;
        nextTyping += 1;
        if (typingModel === 'typists') tabs.watch(typist[0], typist[1]);
        tabs.typing(typist[0], typist[1]);
        typingSent += 1;
      }
      if (next < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const sendSeconds = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  const cpu = {
    server: cpuBetween(cpuFrom.server, cpuByPid(servers.map((s) => s.pid))),
    postgres: cpuBetween(cpuFrom.postgres, cpuByPid(postgresPids(BENCH_DB))),
    client: cpuBetween(cpuFrom.client, cpuByPid([process.pid])),
  };
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  const stalls = {
    generator: generatorStalls.read(),
    servers: await Promise.all(servers.map((s) => s.stalls())),
    autovacuum: autovacuumBetween(await autovacuumFrom, await autovacuumRuns()),
  };
  const dropped = tabs.dropped();
  await tabs.close();
  const opened = (await conversationCount()) - conversationsBefore;
  // From the first measured send until the last had DRAIN_MS to arrive (one is the count's own).
  const transactions = (await transactionCount()) - (await transactionsFrom);

  const latencies = [];
  /** Each received message's send time and latency, for slowestEpisodes. */
  const sends = [];
  const afterAnswer = [];
  const byReceiver = new Map();
  let firstReceipt = Infinity;
  let lastReceipt = -Infinity;
  for (let seq = measuredFrom; seq < total; seq += 1) {
    if (Number.isNaN(receivedAt[seq])) continue;
    const ms = receivedAt[seq] - sentAt[seq];
    latencies.push(ms);
    sends.push({ at: sentAt[seq], ms });
    afterAnswer.push(receivedAt[seq] - answeredAt[seq]);
    const where = sameProcess[seq] ? 'the sending process' : 'the other process';
    const list = byReceiver.get(where) ?? [];
    list.push(ms);
    byReceiver.set(where, list);
    firstReceipt = Math.min(firstReceipt, receivedAt[seq]);
    lastReceipt = Math.max(lastReceipt, receivedAt[seq]);
  }
  const measured = total - measuredFrom;
  const ok = statuses.get(200) ?? 0;
  const summary = (list) => {
    const sorted = [...list].sort((x, y) => x - y);
    return {
      count: sorted.length,
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      p99: quantile(sorted, 0.99),
      max: sorted.at(-1) ?? null,
    };
  };
  const result = {
    label,
    rate,
    tabs: tabs.count,
    dropped,
    measured,
    sent: total,
    opened,
    transactionsPerMessage: transactions / measured,
    ok,
    failed: measured - ok,
    statuses: Object.fromEntries(statuses),
    typingFactor,
    typingModel,
    typingSent,
    typingReceived,
    received: latencies.length,
    lost: ok - latencies.length,
    offeredRate: total / sendSeconds,
    sustained: latencies.length / ((lastReceipt - firstReceipt) / 1000),
    live: summary(latencies),
    afterAnswer: summary(afterAnswer),
    http: summary(httpMs),
    cpuMsPerMessage: {
      server: (cpu.server * 1000) / measured,
      postgres: (cpu.postgres * 1000) / measured,
      client: (cpu.client * 1000) / measured,
    },
    byReceiver: [...byReceiver].map(([name, list]) => ({ name, ...summary(list) })),
    stalls,
  };
  result.slowest = slowestEpisodes(sends, result.live.p99);
  phases.push(result);
  log(
    `${label}: message p99 ${fmt(result.live.p99)} ms; slowest 1% ${episodeCell(result.slowest)}; stalls ${stallCells(stalls)}; autovacuum: ${stalls.autovacuum}`,
  );
  return result;
}

// --- the two phases --------------------------------------------------------------------------
const loadAtStart = loadavg()[0].toFixed(1);
const results = [];
/** Per set-up, the message p99 of each alternating pair: [without typing, with typists]. */
const rounds = new Map();
try {
  if (SETUPS.includes(1)) await runSingle();
  if (SETUPS.includes(2)) await runPair();
} finally {
  for (const child of children) child.kill('SIGKILL');
  agent.destroy();
  await client.end();
  rmSync(dataRoot, { recursive: true, force: true });
}

/**
 * The p99 of 10,000 messages is their slowest 100, a fifth of a second of sending: one stall of
 * the machine in a phase sets it. So the typing target is judged on TYPING_ROUNDS alternating
 * pairs of phases without and with typists, by the medians, as well as on the single phases.
 */
async function typingRounds(setup, run) {
  if (TYPING_FACTOR === 0) return;
  const pairs = [];
  for (let round = 1; round <= TYPING_ROUNDS; round += 1) {
    const without = await run(`${setup}, round ${round}`, 0);
    const typed = await run(`${setup}, round ${round}, with typing`, TYPING_FACTOR);
    pairs.push([without.live.p99, typed.live.p99]);
  }
  rounds.set(setup, pairs);
}

async function runSingle() {
  const single = await startServer('p1', {});
  await runPhase('1 process, warming up', TARGET_RATE, () => single, [single]);
  for (const rate of RATES) {
    results.push(await runPhase('1 process, in-process bus', rate, () => single, [single]));
  }
  if (TYPING_FACTOR > 0) {
    results.push(
      await runPhase('1 process, in-process bus, with typing', TARGET_RATE, () => single, [single], TYPING_FACTOR),
    );
    if (TYPING_FLOOD) {
      results.push(
        await runPhase(
          '1 process, in-process bus, with a typing flood',
          TARGET_RATE,
          () => single,
          [single],
          TYPING_FACTOR,
          'flood',
        ),
      );
    }
  }
  await typingRounds('1 process, in-process bus', (label, factor) =>
    runPhase(label, TARGET_RATE, () => single, [single], factor),
  );
  await single.stop();
}

async function runPair() {
  // One after the other: both would otherwise check the migrations at the same moment.
  const first = await startServer('r1', { REDIS_URL: redisUrl });
  const second = await startServer('r2', { REDIS_URL: redisUrl });
  const spread = (memberId) => (memberId % 2 === 0 ? first : second);
  await runPhase('2 processes, warming up', TARGET_RATE, spread, [first, second]);
  for (const rate of RATES) {
    results.push(await runPhase('2 processes over Redis', rate, spread, [first, second]));
  }
  if (TYPING_FACTOR > 0) {
    results.push(
      await runPhase('2 processes over Redis, with typing', TARGET_RATE, spread, [first, second], TYPING_FACTOR),
    );
    if (TYPING_FLOOD) {
      results.push(
        await runPhase(
          '2 processes over Redis, with a typing flood',
          TARGET_RATE,
          spread,
          [first, second],
          TYPING_FACTOR,
          'flood',
        ),
      );
    }
  }
  await typingRounds('2 processes over Redis', (label, factor) =>
    runPhase(label, TARGET_RATE, spread, [first, second], factor),
  );
  await Promise.all([first.stop(), second.stop()]);
}
const loadAtEnd = loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');

// --- report ----------------------------------------------------------------------------------
const cpuTotal = (r) => r.cpuMsPerMessage.server + r.cpuMsPerMessage.postgres + r.cpuMsPerMessage.client;
const table = [
  '| setup | offered msg/s | sustained msg/s | p50 ms | p95 ms | p99 ms | max ms | after the HTTP answer p50 / p99 ms | received | lost | failed sends | new conversations | tabs dropped |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.label} | ${r.rate} | ${r.sustained.toFixed(0)} | ${fmt(r.live.p50)} | ${fmt(r.live.p95)} | ${fmt(r.live.p99)} | ${fmt(r.live.max)} | ${fmt(r.afterAnswer.p50)} / ${fmt(r.afterAnswer.p99)} | ${r.received.toLocaleString('en')} | ${r.lost} | ${r.failed} | ${((100 * r.opened) / r.sent).toFixed(1)}% | ${r.dropped} |`,
  ),
].join('\n');
const spreadTable = [
  '| offered msg/s | receivers | p50 ms | p95 ms | p99 ms | max ms | received |',
  '|---:|---|---:|---:|---:|---:|---:|',
  ...results
    .filter((r) => r.byReceiver.length > 1)
    .flatMap((r) =>
      r.byReceiver
        .sort((x, y) => y.name.localeCompare(x.name))
        .map(
          (s) =>
            `| ${r.rate} | on ${s.name} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${fmt(s.max)} | ${s.count.toLocaleString('en')} |`,
        ),
    ),
].join('\n');
const cpuTable = [
  '| setup | offered msg/s | HTTP p50 / p99 ms | server CPU ms/msg | PostgreSQL CPU ms/msg | bench client CPU ms/msg | cores needed at this rate | PostgreSQL transactions per message | statuses |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ...results.map(
    (r) =>
      `| ${r.label} | ${r.rate} | ${fmt(r.http.p50)} / ${fmt(r.http.p99)} | ${r.cpuMsPerMessage.server.toFixed(2)} | ${r.cpuMsPerMessage.postgres.toFixed(2)} | ${r.cpuMsPerMessage.client.toFixed(2)} | ${((cpuTotal(r) * r.rate) / 1000).toFixed(2)} | ${r.transactionsPerMessage.toFixed(1)} | ${Object.entries(
        r.statuses,
      )
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ')} |`,
  ),
].join('\n');
const withTyping = results.filter((r) => r.typingFactor > 0);
const baseOf = (r) => results.find((b) => b.typingFactor === 0 && b.rate === r.rate && r.label.startsWith(b.label));
const typingTable = [
  '| setup | typing | msg/s | typing frames/s | message p99 without typing ms | message p99 with typing ms | difference | typing frames sent | typing events delivered |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ...withTyping.map((r) => {
    const base = baseOf(r);
    const change = base?.live.p99 && r.live.p99 !== null ? r.live.p99 / base.live.p99 - 1 : null;
    return `| ${base?.label ?? r.label} | ${r.typingModel === 'flood' ? 'a flood' : 'typists'} | ${r.rate} | ${r.rate * r.typingFactor} | ${fmt(base?.live.p99 ?? null)} | ${fmt(r.live.p99)} | ${change === null ? '-' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)}%`} | ${r.typingSent.toLocaleString('en')} | ${r.typingReceived.toLocaleString('en')} |`;
  }),
].join('\n');
const typingVerdict = withTyping
  .map((r) => {
    const base = baseOf(r);
    const within = base?.live.p99 && r.live.p99 !== null && r.live.p99 <= base.live.p99 * (1 + TYPING_P99_MARGIN);
    return `${r.label}: ${within ? 'within' : 'not within'} ${TYPING_P99_MARGIN * 100}%`;
  })
  .join('; ');
const median = (list) => {
  const sorted = list.filter((v) => v !== null).sort((x, y) => x - y);
  return sorted.length === 0 ? null : quantile(sorted, 0.5);
};
const roundsTable = [
  '| setup | message p99 without typing ms, each round | with typists ms, each round | median without | median with | difference of the medians |',
  '|---|---|---|---:|---:|---:|',
  ...[...rounds].map(([setup, pairs]) => {
    const without = median(pairs.map((p) => p[0]));
    const typed = median(pairs.map((p) => p[1]));
    const change = without && typed !== null ? typed / without - 1 : null;
    return `| ${setup} | ${pairs.map((p) => fmt(p[0])).join(', ')} | ${pairs.map((p) => fmt(p[1])).join(', ')} | ${fmt(without)} | ${fmt(typed)} | ${change === null ? '-' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)}%`} |`;
  }),
].join('\n');
const roundsVerdict = [...rounds]
  .map(([setup, pairs]) => {
    const without = median(pairs.map((p) => p[0]));
    const typed = median(pairs.map((p) => p[1]));
    const within = without !== null && typed !== null && typed <= without * (1 + TYPING_P99_MARGIN);
    return `${setup}: ${within ? 'within' : 'not within'} ${TYPING_P99_MARGIN * 100}%`;
  })
  .join('; ');
const stallsTable = [
  '| phase | message p99 ms | slowest 1%: the largest episode | load generator | server 1 | server 2 | autovacuum ran on |',
  '|---|---:|---|---|---|---|---|',
  ...phases.map(
    (r) =>
      `| ${r.label} | ${fmt(r.live.p99)} | ${episodeCell(r.slowest)} | ${stallCells(r.stalls)} |${r.stalls.servers.length === 1 ? ' - |' : ''} ${r.stalls.autovacuum} |`,
  ),
].join('\n');
console.log(`\n${table}\n\n${spreadTable}\n\n${cpuTable}\n\n${typingTable}\n\n${roundsTable}\n\n${stallsTable}\n`);

const meets = (r) => r.live.p99 !== null && r.live.p99 < TARGET_P99_MS && r.lost === 0 && r.failed === 0;
const verdict = results
  .map((r) => `${r.label} at ${r.rate}/s: p99 ${fmt(r.live.p99)} ms, ${meets(r) ? 'meets' : 'misses'} it`)
  .join('; ');
const atTarget = results.filter((r) => r.rate === TARGET_RATE);
const budget = atTarget
  .map(
    (r) =>
      `${r.label}: ${cpuTotal(r).toFixed(1)} ms of CPU per message, ${((cpuTotal(r) * TARGET_RATE) / 1000).toFixed(1)} cores at ${TARGET_RATE}/s`,
  )
  .join('; ');
const roundTrips = atTarget.map((r) => `${r.label}: ${r.transactionsPerMessage.toFixed(1)}`).join('; ');
const day = new Date().toISOString().slice(0, 10);
const doc = `# Chat delivery benchmark

Produced by \`npm run bench:chat\` (bench/chat.mjs) on ${day}:
PostgreSQL ${pgVersion} with stock settings, Redis ${redisVersion}, Node ${process.version}, ${cpus().length} CPU cores
(${cpus()[0]?.model ?? 'unknown'}) shared by everything in the run: PostgreSQL, Redis, the server
processes and the benchmark's own clients (all sockets and senders in one Node process, at
${generatorRaised ? `priority ${GENERATOR_PRIORITY} (nice), ahead of the servers and PostgreSQL` : 'the same priority as the servers (raising it needs root)'}), and other work on the machine: load average ${loadAtStart} when the run began and ${loadAtEnd} (1 / 5 / 15 min)
at the end. Not part of CI.

## Set-up

${MEMBERS.toLocaleString('en')} confirmed, paying members with credits and a session each, and ${PARTNERS} conversations each
(with the members 1 and 2 places away on a ring; ${pairs.length.toLocaleString('en')} in all; seeded in SQL in ${seedSeconds} s), every one
with an open live channel (GET /api/live) for the whole phase. Messages go through
POST /api/message.php (the full path: session, validation, the send transaction with the sender's
row lock, the message, the debit and its ledger row, then the bus events) the way members chat:
a random sender writes to one of its partners, into their conversation, except for a share of
${(FIRST_SHARE * 100).toFixed(0)}% first contacts to a random member, which open a new conversation (the "new conversations"
column: conversations the phase opened per send). At a steady ${RATES.join(' and then ')} a second:
${WARMUP} s of warm-up, then ${SECONDS} s measured per rate. Latency runs from the start of the HTTP
request to the message's arrival on the recipient's socket, so it holds the whole send as well as
the delivery; "after the HTTP answer" is the arrival minus the moment the sender had its answer,
the live channel's own share (negative when the event overtakes the answer).

- 1 process: one server process, in-process bus.
- 2 processes: two server processes on one PostgreSQL database and one Redis. The members' sockets
  are spread over both, and each member sends through the process its socket is on, as behind a
  balancer that keeps a browser on one process; the receivers are random, so half of them get
  their messages from the other process. Every event crosses Redis here. Until 2026-11-28 every
  send went to the first process, which then did most of the work alone: a profile of that
  process showed it busy 94% of the time with typing and 73% without, so the typing rows
  measured one saturated process rather than the two.

Phases are made alike, so that two of them differ only in what they send. Each set-up first runs
one unmeasured phase at ${TARGET_RATE}/s (fresh processes compile their code and fill their pools; the
first phase of two fresh processes once had a p99 of 700 ms for its first seconds). Before each
phase the database is vacuumed and analyzed and a checkpoint is made: a phase adds more messages
than the tables held before, and plans made on their old size were measuring the planner (the
typing rows' PostgreSQL CPU per message rose by 0.5 to 1 ms with no more statements), and a
checkpoint or an autovacuum landed in one phase and not in another. The servers run no scheduled
jobs (JOB_TICK_SECONDS=0): the new-messages mail job's run each minute landed in some phases, and
until 7909d17 its query took 5 to 6 s of a core on these tables. BENCH_SETUPS=1 or 2 runs one
set-up alone (this file is then not written).

## Results

${table}

With typing (${TYPING_FACTOR} typing frames a second per message, warm-up included in the counts): the message
latency at ${TARGET_RATE}/s against the same set-up without typing before it. Target: the message p99
within ${TYPING_P99_MARGIN * 100}% of the run without typing. Single phases: ${typingVerdict}. Medians of the rounds below:
${roundsVerdict}.

- typists: frames as browsers send them. The web client sends one frame per conversation at the
  first keystroke at least 2 s (TYPING_INTERVAL_MS) after its last one, so a typist is a member in
  one of their conversations sending a frame every ${(TYPING_GAP_MS / 1000).toFixed(1)} s, ${TYPING_FRAMES} frames (about the typing of one
  message), and then another member takes over: ${TYPING_FACTOR} frames a second per message are
  ${Math.round((TARGET_RATE * TYPING_FACTOR * TYPING_GAP_MS) / 1000).toLocaleString('en')} typists at once, and nearly every frame passes the server's limit. A member types in one
  conversation at a time, as a person does, which is why the bench has ${MEMBERS.toLocaleString('en')} members: with
  2,000 (until decision 0087) each typed in two or three conversations at once and switched the
  conversation their tab shows every second or two. Until this model the bench sent the next
  row's frames, which said more about what the limit drops than about what members send.
- what the partner's tab shows: as in the browser, each tab says which conversation it shows (a
  \`watch\` frame, decision 0087), in every phase: none when it opens, then the one its member
  last wrote a message or typed in (a first contact's new conversation, where no one types, as
  none the bench knows). A typing event reaches only the partner's tabs that show its
  conversation ("typing events delivered"); the others would not display it. The members here
  write to random partners, not in back-and-forth exchanges, so fewer partners look at the
  typist's conversation than on a site, where the one typing is often answering; a site's share
  lies between this row's and every frame's.
- a flood: as many frames from random members into random ones of their conversations, as no
  browser sends them: a pair now and then has two within 2 s, which the server drops (the tab
  drops them unchecked, and only the first of a window reaches Redis).

${typingTable}

The same comparison in ${TYPING_ROUNDS} alternating pairs of phases per set-up (without typing, then with
typists, ${TYPING_ROUNDS} times, after the phases above), judged by the medians: the p99 of 10,000 messages is their
slowest 100, a fifth of a second of sending, so one stall of the machine in a phase sets it, and
single phases differ more from one run to the next than the target allows.

${roundsTable}

Where each phase's stalls come from (bench/stalls.mjs, in the load generator and in each server
process), over the measured window and its drain, in ms: the longest stall of the event loop
(beyond its 10 ms tick) / the longest garbage collection / all garbage collection / the time the
process's main thread waited for a CPU while it could run (Linux's run delay). A stall longer than
the collections is the machine's cores taken by other processes, and the waits show how often
that happened. The last column names the tables autovacuum worked on in that window. The third
column groups the phase's slowest 1% (the messages at or above its p99) by when they were sent,
sends less than ${EPISODE_GAP_MS} ms apart in one episode: when one episode holds most of them, one stall of a
fraction of a second set the phase's p99, whatever the rest of the phase did. Until
2026-11-28 the load generator ran at the servers' priority: at 300 messages a second in two
processes it then waited 1.5 to 3 s of each phase for a CPU, its loop stood still for up to 65 ms
at a time, and the messages arriving meanwhile were timed late by as much.

${stallsTable}

What a typing frame costs (decision 0083): no HTTP request and no session lookup (the tab's member
was authenticated at the handshake); a frame within 2 s of the tab's last one for the conversation
is dropped without anything else. Otherwise the tab's remembered check of the conversation
(participant, invisible mode, blocks either way), made the first time and again after a block or a
change of invisible mode announced for the member, or after a minute, in one statement with the
other checks of the process's tabs within 10 ms (a named statement taking the lookups as two array
values, so each connection plans it once; until 2026-11-28 each batch was a new text, planned
afresh, and planning it cost PostgreSQL more than running it).
What passes waits up to 50 ms with the process's other typing of the moment: then the batch goes
through the limit at once (the process's own memory of the pairs it passed, then, in the
two-process set-up, one Redis script making a \`SET NX PX\` of each of the rest: until 2026-11-28
a pipeline of one command per event) and onto the bus as one message
on a channel of its own, which only the live channel reads; each process writes a batch's frames to
its partners' tabs a slice of 64 at a time, letting the events waiting run between slices. Nothing
is written. Before batching each passing event cost a Redis command and a bus message of its own,
read by every handler of chat events (git show dd761d7:docs/benchmarks/chat.md: +682% and +13534%
with typing); before the live channel, an HTTP request with a query (POST /api/typing.php, still
there for a tab without an open channel; git show f50679b:docs/benchmarks/chat.md). The figures
compare runs on the same machine in the same minutes. Each phase opens its tabs afresh, so every
tab makes its checks within the phase (up to ${(MEMBERS * PARTNERS).toLocaleString('en')} over ${WARMUP + SECONDS} s, which a tab open for minutes
makes once; one at a time they were queries queued in the pool ahead of the sends), and the typing
events that pass outnumber the messages: each is a WebSocket frame to the partner like a
message's, without its queries.

"Sustained" is the messages received live per second over the measured window; "lost" are
messages stored (HTTP 200) that did not arrive live within ${DRAIN_MS / 1000} s (a client would get them on its
next catch-up). "Tabs dropped" are live channels the server closed during the phase: a tab too far
behind, or one whose pong came late on a loaded machine (a browser would reconnect and catch up).

Two processes, by where the receiver's socket is:

${spreadTable}

Where the time goes: CPU seconds (user + system, from /proc) of the server processes, of the
PostgreSQL processes working for the benchmark (the postmaster, its background processes and the
backends of the benchmark's database; not those of other databases on the same server) and of the
benchmark itself during the measured window, per message sent. PostgreSQL transactions per
message (pg_stat_database, over the same window and its drain): every statement outside an
explicit transaction is one, so this counts the round trips of the sends and of the handlers of
message events in every process alike.

${cpuTable}

Target: p99 under ${TARGET_P99_MS} ms at ${TARGET_RATE} messages a second on this 2-core machine. ${verdict}.
At the target rate the measured work is ${budget}, against the 2 cores the machine has (shared with
whatever else ran, see the load above); where it is more, requests queue and the latency is the
queue's.

What a message costs. The send itself (chat.service.ts deliver): the session lookup (a prepared
statement, planned once per connection) and, for a paid member writing into a conversation the
pair already has, one statement without a transaction of its own: the guarded debit, the
message, both list entries and the ledger row (sendPaidMessage): 2 round trips to PostgreSQL.
First contacts and free members take the full transaction after that statement found it could
not send: BEGIN, one statement that locks the sender and reads recipient, blocks and
conversation, a free member's counts, the new conversation with its list entries, the message
with its debit and ledger row, COMMIT: 7 round trips (8 for a free member). Before this change
every send made 13 (15 for a free member), each query built by the query builder and planned
afresh. The live
channel's own share stays small (the "after the HTTP answer" column): one bus subscription per
channel per process, each event checked once, serialised once per member and written to that
member's sockets.

Of the PostgreSQL round trips per message at the target rate (${roundTrips}), the sends make
about ${(2 + 5 * FIRST_SHARE).toFixed(1)} on average at this share of first contacts (2 for the common send, 7 for a first
contact). The rest come from the other handlers of every message event, in every process: web
push asks for the recipient's push devices (1 query per message and process; nothing more for
a member without one, like all members here), and the new-conversation mail reads the sender's
name for first messages only (the event says whether a message opened its conversation).
Before those two handlers were cut down they made 4 queries per message and process, 8 to 11
round trips per message in all, more than the sends themselves. A CPU profile of the server (BENCH_CPU_PROF_DIR) shows most of its remaining time in
socket writes (queries to PostgreSQL, HTTP answers and WebSocket frames, each a system call that
also wakes the receiving process on this machine), then garbage collection, the query driver,
Fastify's request handling and response serialisation.

For comparison, the version of this document before the send path was cut down (git show
0d240b6:docs/benchmarks/chat.md; random pairs, so nearly every message opened a conversation,
and 13 round trips per send) recorded about 200 messages a second sustained in one process, at
8.0 ms of CPU per message (2.8 in the server, 4.7 in PostgreSQL) at 500/s.
`;
if (SETUPS.includes(1) && SETUPS.includes(2)) {
  mkdirSync(join(root, 'docs/benchmarks'), { recursive: true });
  writeFileSync(join(root, 'docs/benchmarks/chat.md'), doc);
  log('wrote docs/benchmarks/chat.md');
}
