// Start-up benchmark (npm run bench:start). Not part of CI.
//
// Runs `npm start` twice on a fresh DATA_DIR in a temp dir, the embedded database with the demo
// site, the way an operator starts the site:
//   first start:  builds whatever is out of date, creates and migrates the database, seeds the
//                 demo site, answers;
//   second start: nothing to build, the database is there and seeded.
// Each is timed from `npm start` to the first 200 answer of GET /, and the server process's
// resident memory is read from /proc right after that answer (VmRSS; VmHWM is the peak so far,
// the seed's included). Prints both with the load average, and exits 1 when the second start
// took more than 10 s or either process held more than 400 MB.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SECOND_START_BUDGET_MS = 10_000;
const RSS_BUDGET_MB = 400;
/** The first start seeds about 300 members with their photos: minutes on a busy 2-core machine. */
const FIRST_ANSWER_TIMEOUT_MS = 15 * 60_000;

const repo = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The process ids below `root`, from /proc's parent links. */
function descendants(root) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function serverPid(npmPid) {
  return descendants(npmPid).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('apps/server/dist/main.js');
    } catch {
      return false;
    }
  });
}

function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((done) => child.once('exit', () => done()));

async function start(label, port) {
  const log = join(dataDir, `${label}.log`);
  const out = openSync(log, 'w');
  const loadBefore = load();
  const started = performance.now();
  const npm = spawn('npm', ['start'], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  let ms = null;
  while (performance.now() - started < FIRST_ANSWER_TIMEOUT_MS && npm.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      await res.arrayBuffer();
      if (res.status === 200) {
        ms = performance.now() - started;
        break;
      }
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  const pid = serverPid(npm.pid);
  const memory = pid ? memoryMb(pid) : null;
  if (pid) process.kill(pid, 'SIGTERM');
  else npm.kill('SIGTERM');
  await Promise.race([exited(npm), sleep(20_000)]);
  const lines = readFileSync(log, 'utf8').split('\n');
  const builds = lines.filter((line) => /^\w+ build: /.test(line)).join('; ');
  if (ms === null) {
    npm.kill('SIGKILL');
    throw new Error(`${label} start: no 200 from GET /; its output ended with:\n${lines.slice(-30).join('\n')}`);
  }
  return { label, ms, memory, builds, loadBefore, loadAfter: load() };
}

let failed = false;
try {
  const port = await freePort();
  const results = [await start('first', port), await start('second', port)];
  console.log(`npm start on a fresh DATA_DIR (${dataDir}), time to the first 200 of GET /:`);
  for (const r of results) {
    console.log(
      `  ${r.label} start: ${(r.ms / 1000).toFixed(1)} s; server RSS after the first answer ${r.memory?.rss ?? '?'} MB ` +
        `(peak ${r.memory?.peak ?? '?'} MB); ${r.builds || 'no build output'}; load ${r.loadBefore} -> ${r.loadAfter}`,
    );
  }
  const second = results[1];
  if (second.ms > SECOND_START_BUDGET_MS) {
    console.log(`FAIL: the second start took over ${SECOND_START_BUDGET_MS / 1000} s`);
    failed = true;
  }
  for (const r of results) {
    if (!r.memory || r.memory.rss > RSS_BUDGET_MB) {
      console.log(`FAIL: the ${r.label} start's server holds over ${RSS_BUDGET_MB} MB (or could not be read)`);
      failed = true;
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
