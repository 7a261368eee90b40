// What the benchmark scripts share: the machine's processes, their CPU and free ports, and the
// sites' audience the generated members are spread over.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';

/** 15 countries weighted like the sites' audiences; NL first (the default site's first country). */
export const COUNTRY_WEIGHTS = {
  NL: 22,
  DE: 16,
  BE: 8,
  FR: 9,
  GB: 9,
  IT: 6,
  ES: 6,
  PL: 5,
  AT: 4,
  CH: 4,
  IE: 2,
  US: 4,
  CA: 2,
  AU: 2,
  NZ: 1,
};

/** The q-quantile of sorted numbers (nearest rank). */
export function quantile(sorted, q) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** Clock ticks a second of /proc/<pid>/stat (USER_HZ; 100 on Linux). */
const TICKS = 100;

/** CPU seconds (user + system) each process used so far, by pid; a process that is gone is left out. */
export function cpuByPid(pids) {
  const used = new Map();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      used.set(String(pid), (Number(fields[11]) + Number(fields[12])) / TICKS);
    } catch {
      // The process ended.
    }
  }
  return used;
}

/**
 * CPU seconds the processes used between two cpuByPid readings: processes that started in
 * between count from zero, processes that ended in between are not counted (PostgreSQL starts
 * and ends backends of other databases on a shared machine).
 */
export function cpuBetween(before, after) {
  let seconds = 0;
  for (const [pid, used] of after) seconds += used - (before.get(pid) ?? 0);
  return seconds;
}

/** A backend's title: "postgres: [<cluster>: ]<user> <database> <host>(<port>) <state>". */
const BACKEND_TITLE = /^postgres: (?:\S+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\])/;

/**
 * The PostgreSQL server's processes on this machine that work for a benchmark: the postmaster,
 * its background processes (WAL writer, checkpointer, ...) and the backends of `database`, not
 * backends of other databases (other work on a shared server).
 */
export function postgresPids(database) {
  return readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') return false;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      const backend = BACKEND_TITLE.exec(title);
      return !backend || backend[1] === database;
    } catch {
      return false;
    }
  });
}

/** A TCP port free on 127.0.0.1 at the moment of asking. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Drops and recreates the benchmark's own database `name` on the server of `serverUrl`; answers
 * its URL and the server's version.
 */
export async function freshDatabase(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const {
      rows: [{ server_version: version }],
    } = await admin.query('show server_version');
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return { url, version };
  } finally {
    await admin.end();
  }
}
