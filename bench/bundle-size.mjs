// First-load JavaScript per route, gzip, against the budgets (npm run bench:bundle).
//
// Reads the Vite manifest of the production build (apps/web/dist/.vite/manifest.json) and, for
// each measured route, adds up the gzip size of every JavaScript chunk that route loads before
// it can render: the entry chunk, everything the entry imports statically, the route's page
// chunk (the router imports it lazily) and that chunk's static imports, each chunk once.
// Dynamic imports that every first visit makes before it can render (the nl catalogues: nl is
// the fallback, so it always loads) are counted too; other dynamic imports are not.
// Exits non-zero when a route is over its budget or the build is missing.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');

const KB = 1000;

/** The routes measured: their page module (a key of the manifest) and their budget. */
const ROUTES = [
  { path: '/', page: 'src/app/routes/home.tsx', budget: 100 * KB },
  { path: '/members', page: 'src/app/routes/members.tsx', budget: 150 * KB },
];

/** Chunks the app imports dynamically at every start, before its first render. */
const BOOT_DYNAMIC = [
  '../../packages/i18n/locales/nl/common.json',
  '../../packages/i18n/locales/nl/errors.json',
];

if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run \`npm run build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Every chunk key reachable from `key` through static imports, `key` included. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the manifest: ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The manifest names no entry chunk.');
  process.exit(2);
}
const entryClosure = staticClosure(entryKey);

function format(bytes) {
  return `${(bytes / KB).toFixed(1)} KB`;
}

let failed = false;
const rows = [];
for (const route of ROUTES) {
  const keys = new Set(entryClosure);
  for (const key of [route.page, ...BOOT_DYNAMIC]) for (const reached of staticClosure(key)) keys.add(reached);
  const files = [...new Set([...keys].map((key) => manifest[key].file))];
  const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
  const ok = total <= route.budget;
  if (!ok) failed = true;
  rows.push({
    route: route.path,
    'first-load JS (gzip)': format(total),
    budget: format(route.budget),
    chunks: files.length,
    result: ok ? 'ok' : 'OVER BUDGET',
  });
  console.log(`\n${route.path}: ${files.length} chunks`);
  for (const file of files.sort((a, b) => gzipSize(b) - gzipSize(a))) {
    console.log(`  ${format(gzipSize(file)).padStart(9)}  ${file}`);
  }
}

console.log('');
console.table(rows);
process.exit(failed ? 1 : 0);
