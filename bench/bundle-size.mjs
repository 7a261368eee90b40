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

/**
 * The routes measured: their page module (a key of the manifest), the catalogues their page
 * loads before it renders (nl's, as for the boot catalogues), and their budget.
 */
const ROUTES = [
  { path: '/', page: 'src/app/routes/home.tsx', texts: ['home'], budget: 100 * KB },
  { path: '/members', page: 'src/app/routes/members.tsx', texts: [], budget: 150 * KB },
  // A lander's route chunk loads its design as a chunk of its own before it can render.
  ...[
    'alonetonight',
    'collagelanding',
    'gallery',
    'iconslanding',
    'maplanding',
    'socialnetwork',
    'transitionsvideolanding',
    'video',
    'tinderswipe',
  ].map((name) => ({
    path: `/landers/${name}`,
    page: 'src/app/routes/lander.tsx',
    lazy: [`src/features/landing/components/landers/${name}.tsx`],
    texts: ['landing'],
    budget: 100 * KB,
  })),
  { path: '/members/{id}/landing*', page: 'src/app/routes/member-landing.tsx', texts: ['landing'], budget: 100 * KB },
  // Not one of the budgeted pages: the HTML carries the text (server-rendered), and the script
  // brings all seven legal pages' texts (about 6 KB gzip), so it gets a budget of its own.
  { path: '/pages/*', page: 'src/app/routes/content-page.tsx', texts: ['pages'], budget: 110 * KB },
];

const catalogue = (namespace) => `../../packages/i18n/locales/nl/${namespace}.json`;

/** Chunks the app imports dynamically at every start, before its first render. */
const BOOT_DYNAMIC = ['../../packages/i18n/locales/nl/common.json'];

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
  for (const key of [route.page, ...(route.lazy ?? []), ...BOOT_DYNAMIC, ...route.texts.map(catalogue)]) {
    for (const reached of staticClosure(key)) keys.add(reached);
  }
  const files = [...new Set([...keys].map((key) => manifest[key].file))];
  // Lazy chunks are named by their hash alone; the manifest knows what each one holds.
  const sourceOf = new Map([...keys].map((key) => [manifest[key].file, manifest[key].src ?? manifest[key].name ?? key]));
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
    console.log(`  ${format(gzipSize(file)).padStart(9)}  ${file}  ${sourceOf.get(file)}`);
  }
}

console.log('');
console.table(rows);
process.exit(failed ? 1 : 0);
