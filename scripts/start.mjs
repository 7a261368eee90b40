// `npm start`: builds what is out of date (the web app, the compiled server), then runs the
// compiled server in its place. `node scripts/start.mjs build` (`npm run build`) builds both. `node scripts/start.mjs <entry> [args]` does the same for another
// entry point of apps/server/dist (create-staff, check-ledger, copy-to-s3), which needs only the server.
//
// A build is out of date when the content hash of its inputs differs from the stamp written
// beside its output after the last successful build: contents, not mtimes, so a fresh checkout
// or a touched file alone builds nothing, and a failed or interrupted build leaves no stamp.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));

/** Inputs every build shares: the workspace packages and what installs and configures them. */
const SHARED_INPUTS = ['packages', 'package.json', 'package-lock.json', 'tsconfig.base.json'];

const BUILDS = {
  web: {
    inputs: ['apps/web', ...SHARED_INPUTS],
    output: 'apps/web/dist',
    command: ['npm', 'run', 'build', '-w', '@app/web'],
  },
  server: {
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...SHARED_INPUTS],
    output: 'apps/server/dist',
    command: [process.execPath, 'apps/server/build.mjs'],
  },
};

/** Never inputs: installed packages, build outputs, tests. */
const SKIPPED = (name) => name === 'node_modules' || name === 'dist' || /\.test\.tsx?$/.test(name);

/** The files of an input (a file, or a folder's files but the skipped ones); none when it is missing. */
function filesOf(input) {
  const path = join(repo, input);
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !relative(path, file).split('/').some(SKIPPED));
}

function inputsHash(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf).sort()) {
    hash.update(`${relative(repo, file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const stampOf = (target) => join(repo, target.output, '.build-stamp');

/** Builds `name` when its inputs changed since its stamp (or always); exits on a failed build. */
function build(name, { always = false } = {}) {
  const target = BUILDS[name];
  const hash = inputsHash(target.inputs);
  const stamp = stampOf(target);
  if (!always && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) {
    process.stderr.write(`${name} build: up to date\n`);
    return;
  }
  process.stderr.write(`${name} build: ${always ? 'building' : 'out of date, building'}\n`);
  rmSync(stamp, { force: true });
  const [command, ...args] = target.command;
  const run = spawnSync(command, args, { cwd: repo, stdio: 'inherit' });
  if (run.status !== 0) {
    process.stderr.write(`${name} build failed\n`);
    process.exit(run.status ?? 1);
  }
  writeFileSync(stamp, `${hash}\n`);
}

const [entry = 'main', ...args] = process.argv.slice(2);
if (entry === 'build') {
  // `npm run build`: everything, now, stamped so that the next start builds nothing.
  for (const name of Object.keys(BUILDS)) build(name, { always: true });
  process.exit(0);
}
for (const name of entry === 'main' ? ['web', 'server'] : ['server']) build(name);

const file = join(repo, 'apps/server/dist', `${entry}.js`);
if (!existsSync(file)) {
  process.stderr.write(`no entry point ${entry}: apps/server/build.mjs lists what it compiles\n`);
  process.exit(2);
}

// The server gets its own process group: a Ctrl-C at the terminal then reaches it once, through
// the forwarding below, not twice (which it takes as "exit now"). A command stays in the
// terminal's group, which it may read from.
// --liftoff-only: V8 compiles the embedded database's WebAssembly (PGlite, 9 MB) with its baseline
// compiler only. Optimising it as well kept both cores busy for seconds after every start and
// about 140 MB of machine code in memory (measured: first answer 3.3 s instead of 10.8 s, 343 MB
// instead of 488 MB resident); the demo-sized database's queries stay in the milliseconds.
const child = spawn(process.execPath, ['--enable-source-maps', '--liftoff-only', file, ...args], {
  stdio: 'inherit',
  detached: entry === 'main',
  // glibc gives each thread that allocates its own arena; libvips' threads (photo uploads, the
  // demo seed) then leave tens of MB of freed memory held per arena.
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
