// Member search benchmark on 1,000,000 profiles (npm run bench:search). Not part of CI.
//
// Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// names a server and a database to connect to first; the benchmark (re)creates its own database
// bench_search there, applies our migrations and reference data through the server's own code
// (openDatabase, seedReference), fills it with set-based SQL and ANALYZEs it. It then times the
// server's own calls (the search service and the likes repository, loaded through tsx, so the
// SQL is exactly what the API runs) beside naive versions of the same searches in the same run:
// OFFSET paging, and the same call with the supporting index dropped inside a rolled-back
// transaction. It prints a table and writes docs/benchmarks/search.md.
//
// BENCH_RUNS (default 200) sets the timed runs per query, after BENCH_WARMUP (default 20).
import { writeFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { COUNTRY_WEIGHTS, freshDatabase } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const PROFILES = 1_000_000;
const BENCH_DB = 'bench_search';
const PAGE = 24;

const load = (path) => tsImport(join(root, path), import.meta.url);
const { openDatabase } = await load('apps/server/src/db/client.ts');
const { seedReference } = await load('apps/server/src/db/seed/reference.ts');
const { createSearchService } = await load('apps/server/src/modules/search/search.service.ts');
const { createProfilesService } = await load('apps/server/src/modules/profiles/profiles.service.ts');
// Search asks the profiles service only for reads of the database (the viewer, interests,
// regions): no settings, storage or log are needed for them.
const searchOn = (db) => createSearchService({ db, profiles: createProfilesService({ db }) });
const likesRepository = await load('apps/server/src/modules/likes/likes.repository.ts').catch(() => null);

const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(1);
const log = (...args) => console.error(...args);

// --- a fresh database ------------------------------------------------------------------------
const { url: benchUrl, version: version } = await freshDatabase(serverUrl, BENCH_DB);

const database = await openDatabase({ databaseUrl: benchUrl.toString(), dataDir: 'unused' });
const { db } = database;
await seedReference(db);
const client = new pg.Client({ connectionString: benchUrl.toString() });
await client.connect();
const q = (text, params) => client.query(text, params);

// --- the fill --------------------------------------------------------------------------------
// Secondary indexes are dropped during the fill and rebuilt after it from their own definitions
// (much faster than maintaining them row by row); primary keys stay.
const fillStart = performance.now();
const tables = ['members', 'profiles', 'photos', 'profile_interests', 'likes', 'blocks'];
const { rows: indexDefs } = await q(
  `select i.indexname, i.indexdef from pg_indexes i
   where i.schemaname = 'public' and i.tablename = any($1)
     and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  [tables],
);
for (const { indexname } of indexDefs) await q(`drop index ${indexname}`);
await q('select setseed(0.42)');

const weighted = Object.entries(COUNTRY_WEIGHTS).flatMap(([c, w]) => Array(w).fill(c));

log(`filling ${PROFILES.toLocaleString('en')} profiles ...`);
await q(`set synchronous_commit = off`);
await q(
  `insert into members (id, email, password_hash, status, domain, language, fictional, invisible, signup_date, deleted_at)
   select g, 'm' || g || '@bench.test', 'x',
          case when r.u < 0.05 then 'not_confirmed' else 'confirmed' end,
          'localhost', 'nl', random() < 0.01, random() < 0.03,
          now() - random() * interval '3 years',
          case when r.u >= 0.05 and r.u < 0.07 then now() - random() * interval '10 days' end
   from generate_series(1, $1) g, lateral (select random() as u, g as k) r`,
  [PROFILES],
);
await q(`select setval(pg_get_serial_sequence('members', 'id'), $1)`, [PROFILES]);
await q(
  `with region_ids as (select country, array_agg(id order by id) ids from regions group by country),
   base as (
     select m.id, m.status as mstatus, m.deleted_at,
            ($1::text[])[1 + floor(random() * cardinality($1::text[]))::int] as country,
            case when random() < 0.55 then 'male' else 'female' end as gender,
            random() as s, random() as a, random() as act, random() as reg
     from members m)
   insert into profiles (member_id, name, gender, sexuality, birth_date, country, region_id, city, status, last_active_at)
   select b.id, 'Member ' || b.id, b.gender,
          case when b.s < 0.85 then 'hetero' when b.s < 0.92 then 'bi'
               when b.gender = 'male' then 'gay' else 'lesbian' end,
          (current_date - ((18 + floor(62 * power(b.a, 1.5))) * 365.25 + floor(random() * 365))::int),
          b.country,
          case when b.reg < 0.9 and r.ids is not null then r.ids[1 + floor(random() * cardinality(r.ids))::int] end,
          null,
          case when b.mstatus = 'confirmed' and b.deleted_at is null then 'active' else 'disabled' end,
          now() - power(b.act, 2) * interval '90 days'
   from base b left join region_ids r on r.country = b.country`,
  [weighted],
);
log(`  members and profiles ${seconds(fillStart)} s`);
await q(
  `insert into photos (member_id, position, is_main, filename, thumb_filename, match_filename)
   select member_id, 0, true, 'p/' || member_id, 't/' || member_id, 'x/' || member_id
   from profiles where random() < 0.7`,
);
await q(
  `insert into profile_interests (member_id, interest_id)
   select distinct p.member_id, i.ids[1 + floor(random() * cardinality(i.ids))::int]
   from profiles p, generate_series(1, 3), (select array_agg(id) ids from interests) i
   where random() < 0.8`,
);
log(`  photos and interests ${seconds(fillStart)} s`);

// The measured member: a hetero man in NL with 5,000 likes given and 5,000 received.
const VIEWER = 1;
await q(
  `update profiles set gender = 'male', sexuality = 'hetero', country = 'NL', status = 'active',
     birth_date = current_date - 34 * 365, last_active_at = now(),
     region_id = (select min(id) from regions where country = 'NL') where member_id = $1`,
  [VIEWER],
);
await q(`update members set status = 'confirmed', invisible = false, deleted_at = null where id = $1`, [VIEWER]);
await q(
  `insert into profile_interests (member_id, interest_id) select $1, id from interests order by id limit 4 on conflict do nothing`,
  [VIEWER],
);
await q(
  `insert into likes (liker_id, liked_id, source, created_at, seen_at)
   select g, $1, 'profile', now() - random() * interval '60 days', case when random() < 0.8 then now() end
   from generate_series(2, 5001) g`,
  [VIEWER],
);
await q(
  `insert into likes (liker_id, liked_id, source, created_at)
   select $1, g, 'profile', now() - random() * interval '60 days' from generate_series(4002, 9001) g`,
  [VIEWER],
);
// Likes among everyone else: about one per member.
await q(
  `insert into likes (liker_id, liked_id, created_at)
   select a, b, now() - random() * interval '90 days'
   from (select 1 + floor(random() * $1)::int a, 1 + floor(random() * $1)::int b
         from generate_series(1, $1)) x where a <> b
   on conflict do nothing`,
  [PROFILES],
);
// Pairs that like each other are matches from the later like, as the likes service marks them.
await q(
  `update likes set matched_at = greatest(likes.created_at, back.created_at)
   from likes back where back.liker_id = likes.liked_id and back.liked_id = likes.liker_id`,
);
// Blocks: 200 around the viewer (both ways) and 50,000 among others.
await q(
  `insert into blocks (blocker_id, blocked_id)
   select case when g % 2 = 0 then $1 else 10000 + g end, case when g % 2 = 0 then 10000 + g else $1 end
   from generate_series(1, 200) g`,
  [VIEWER],
);
await q(
  `insert into blocks (blocker_id, blocked_id)
   select a, b from (select 1 + floor(random() * $1)::int a, 1 + floor(random() * $1)::int b
                     from generate_series(1, 50000)) x where a <> b
   on conflict do nothing`,
  [PROFILES],
);
log(`  likes and blocks ${seconds(fillStart)} s`);
for (const { indexdef } of indexDefs) await q(indexdef);
log(`  indexes rebuilt ${seconds(fillStart)} s`);
await q('vacuum analyze');
const fillSeconds = seconds(fillStart);
log(`fill done in ${fillSeconds} s`);

const counts = (
  await q(
    `select (select count(*) from profiles) profiles,
            (select count(*) from profiles where status = 'active') active,
            (select count(*) from photos) photos,
            (select count(*) from likes) likes,
            (select count(*) from blocks) blocks,
            (select count(*) from profile_interests) interests`,
  )
).rows[0];

// --- the measurements -------------------------------------------------------------------------
const site = {
  cdn_prefix: '',
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  countries: Object.keys(COUNTRY_WEIGHTS),
  min_age: 18,
};
const search = searchOn(db);
const loadAtStart = loadavg()[0].toFixed(1);
const query = (params) => ({ numResults: PAGE, ...params });
const nlRegion = (await q(`select min(id) id from regions where country = 'NL'`)).rows[0].id;
const beRegion = (await q(`select max(id) id from regions where country = 'BE'`)).rows[0].id;
const nzRegion = (await q(`select min(id) id from regions where country = 'NZ'`)).rows[0].id;

/** p50/p95/p99 in ms of `fn` over RUNS runs, after WARMUP untimed ones. */
async function time(fn, runs = RUNS) {
  for (let i = 0; i < Math.min(WARMUP, runs); i += 1) await fn();
  const ms = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const at = (p) => ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)];
  return { p50: at(50), p95: at(95), p99: at(99), runs };
}

/** The `next` cursor after `pages` pages of a search, or null when it has fewer pages. */
async function cursorAfter(params, pages) {
  let cursor;
  for (let i = 0; i < pages; i += 1) {
    const page = await search.search(VIEWER, query({ ...params, cursor }), site, {});
    if (!page.next) return null;
    cursor = page.next;
  }
  return cursor;
}

const CASES = [
  { name: 'defaults (sought gender, own country)', params: {} },
  { name: 'gender (male)', params: { gender: 'male' } },
  { name: 'country (BE)', params: { country: 'BE' } },
  { name: 'region', params: { countryregion: nlRegion } },
  { name: 'age 25-35', params: { min_age: 25, max_age: 35 } },
  {
    name: 'combined: female, BE, region, 30-40',
    params: { gender: 'female', country: 'BE', countryregion: beRegion, min_age: 30, max_age: 40 },
  },
  { name: 'combined: female, NL, 25-30', params: { gender: 'female', country: 'NL', min_age: 25, max_age: 30 } },
  {
    name: 'few: male, NZ, region, 75-80 (+ similar)',
    params: { gender: 'male', country: 'NZ', countryregion: nzRegion, min_age: 75, max_age: 80 },
  },
];
const DEEP = 49;
const results = [];
const record = (group, name, r, note = '') => {
  results.push({ group, name, ...r, note });
  log(
    `${group.padEnd(9)} ${name.padEnd(48)} p50 ${r.p50.toFixed(2)}  p95 ${r.p95.toFixed(2)}  p99 ${r.p99.toFixed(2)} ms ${note}`,
  );
};

for (const c of CASES) {
  const first = await search.search(VIEWER, query(c.params), site, {});
  record(
    'search',
    `${c.name}, page 1`,
    await time(() => search.search(VIEWER, query(c.params), site, {})),
    `${first.members.length} + ${first.similar.length} similar`,
  );
  const cursor = first.next ? await cursorAfter(c.params, DEEP) : null;
  if (cursor) {
    record(
      'search',
      `${c.name}, page 50 (cursor)`,
      await time(() => search.search(VIEWER, query({ ...c.params, cursor }), site, {})),
    );
  }
}
record('match', 'match finder', await time(() => search.matchFinder(VIEWER, site)));
record('match', 'signup matches', await time(() => search.signupMatches(VIEWER, site)));
let likesNote = 'likes module not present';
if (likesRepository) {
  const page = { memberId: VIEWER, before: null, limit: 101 };
  record('likes', 'likes.php received (5,000 likes)', await time(() => likesRepository.listReceived(db, page)));
  record('likes', 'likes.php given (5,000 likes)', await time(() => likesRepository.listGiven(db, page)));
  record('likes', 'likes.php matches', await time(() => likesRepository.listMatches(db, page)));
  likesNote = 'likes repository (listReceived, listGiven, listMatches), first page of 100';
}

// Naive 1: OFFSET paging of the same order and filters (what a page-number API would run).
const offsetSql = (where, offset) => `
  select p.member_id from profiles p join members m on m.id = p.member_id
  where p.status = 'active' and m.deleted_at is null and not m.invisible and p.member_id <> ${VIEWER}
    and not exists (select 1 from blocks b where (b.blocker_id = ${VIEWER} and b.blocked_id = p.member_id)
                                              or (b.blocker_id = p.member_id and b.blocked_id = ${VIEWER}))
    and ${where}
  order by p.last_active_at desc, p.member_id desc offset ${offset} limit ${PAGE}`;
const age = (min, max) =>
  `p.birth_date > current_date - interval '${max + 1} years' and p.birth_date <= current_date - interval '${min} years'`;
const naiveWhere = {
  'defaults (sought gender, own country)': `p.country = 'NL' and p.gender = 'female'`,
  'combined: female, NL, 25-30': `p.country = 'NL' and p.gender = 'female' and ${age(25, 30)}`,
};
for (const [name, where] of Object.entries(naiveWhere)) {
  record('naive', `OFFSET ${name}, page 50`, await time(() => q(offsetSql(where, DEEP * PAGE)), 50));
}

// Naive 2: the server's own calls without profiles_browse_idx (dropped in a transaction that is
// rolled back): the planner falls back to profiles_search_idx and sorts.
await q('begin');
await q('drop index profiles_browse_idx');
const searchTx = searchOn(drizzle({ client, schema: await load('apps/server/src/db/schema/index.ts') }));
for (const c of CASES.filter((x) =>
  ['defaults (sought gender, own country)', 'age 25-35', 'combined: female, NL, 25-30'].includes(x.name),
)) {
  record('no index', `${c.name}, page 1`, await time(() => searchTx.search(VIEWER, query(c.params), site, {}), 20));
}
record('no index', 'match finder', await time(() => searchTx.matchFinder(VIEWER, site), 20));
await q('rollback');

const plan = (
  await q(
    `explain (analyze, buffers, costs off, timing off, summary off)
     select p.member_id from profiles p join members m on m.id = p.member_id
     where p.country = 'NL' and p.gender = 'female' and ${age(25, 30)}
       and p.status = 'active' and m.deleted_at is null and m.invisible = false and p.member_id <> ${VIEWER}
       and not exists (select 1 from blocks b where (b.blocker_id = ${VIEWER} and b.blocked_id = p.member_id)
                                                 or (b.blocker_id = p.member_id and b.blocked_id = ${VIEWER}))
     order by p.last_active_at desc nulls last, p.member_id desc nulls last limit 25`,
  )
).rows
  .map((r) => r['QUERY PLAN'])
  .join('\n');

await client.end();
await database.close();

// --- the report ---------------------------------------------------------------------------------
const fmt = (n) => n.toFixed(2);
const table = [
  '| group | query | p50 ms | p95 ms | p99 ms | runs | note |',
  '|---|---|---:|---:|---:|---:|---|',
  ...results.map(
    (r) => `| ${r.group} | ${r.name} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.runs} | ${r.note} |`,
  ),
].join('\n');
console.log(table);
const slowest = (groups) =>
  results.filter((r) => groups.includes(r.group)).reduce((a, b) => (b.p95 > a.p95 ? b : a), { name: 'none', p95: 0 });
const worstSearch = slowest(['search', 'match']);
const worstLikes = slowest(['likes']);
const doc = `# Member search benchmark

Produced by \`npm run bench:search\` (bench/search.mjs) on ${new Date().toISOString().slice(0, 10)}:
PostgreSQL ${version}, ${cpus().length} CPU cores (${cpus()[0]?.model ?? 'unknown'}), shared with other work:
load average ${loadAtStart} when the measurements began and ${loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')} (1 / 5 / 15 min) at
the end. On a busy machine the p95 and p99 columns mostly measure waiting for a CPU.
Not part of CI.

## Data

${Number(counts.profiles).toLocaleString('en')} generated profiles (${Number(counts.active).toLocaleString('en')} active: about
5 % unconfirmed and 2 % deleted are disabled; 3 % invisible on top), 15 countries weighted
(NL 22 %, DE 16 % ... NZ 1 %), regions per country, 55 % men, 85 % hetero / 7 % bi / 8 % gay
or lesbian, ages 18-80 skewed young, ${Number(counts.photos).toLocaleString('en')} members with a photo (70 %),
last activity spread over 90 days (skewed recent), ${Number(counts.interests).toLocaleString('en')} interest rows,
${Number(counts.likes).toLocaleString('en')} likes (the measured member has 5,000 given and 5,000 received) and
${Number(counts.blocks).toLocaleString('en')} blocks (200 around the measured member). Fill with set-based SQL
(generate_series), secondary indexes rebuilt after it, then VACUUM ANALYZE: ${fillSeconds} s.

## Results

The viewer is a hetero man in NL with 5,000 likes each way. Every search and match row is the
server's own service call (search.service.ts through tsx, node-postgres, one connection pool),
so it includes the viewer lookup, defaults, validation and similar results where the first page
is short; page 50 is reached with the cursor. ${RUNS} warm runs after ${WARMUP} untimed ones
(naive rows fewer, they are slow). Likes: ${likesNote}.

${table}

Target: p95 under 20 ms for every typical search on 1M profiles. Slowest search or match query at
p95: ${worstSearch.name} (${fmt(worstSearch.p95)} ms). Slowest likes query (the likes module's own
SQL and indexes): ${worstLikes.name} (${fmt(worstLikes.p95)} ms).

"naive" rows are the same filters paged with OFFSET (page 50 = offset ${DEEP * PAGE}); "no index"
rows are the same service calls with profiles_browse_idx dropped (in a rolled-back transaction),
so the planner must use profiles_search_idx (status, country, gender, birth_date) and sort.

## Why it is fast

profiles_browse_idx is (country, last_active_at desc, member_id desc, gender, birth_date,
region_id) WHERE status = 'active'. A page walks it in the search's own order from the cursor
(a row comparison on last_active_at and member_id) and stops after the page; gender, age and
region are checked on the index entries themselves, and only the rows that pass visit the
heap, the members row (invisible, deleted) and the two block lookups by primary key. A deep
page costs what the first does. A region search leaves the country out of the query (the
region lies in it) and walks profiles_region_browse_idx (region_id, last_active_at desc,
member_id desc, gender, birth_date) the same way: with the country in the query the planner
combined two indexes and sorted every match instead (17 ms against 1 ms for female, a BE
region, 30-40 while building this). Several countries (similar results) are merged from one
index walk per country.

The match finder scores the 100 most recently active compatible members near the member's age
(read from profiles_browse_idx in order), so its cost does not grow with the site.

Plan of the combined search (female, NL, 25-30):

\`\`\`
${plan}
\`\`\`
`;
mkdirSync(join(root, 'docs/benchmarks'), { recursive: true });
writeFileSync(join(root, 'docs/benchmarks/search.md'), doc);
log('wrote docs/benchmarks/search.md');
