import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: server processes start from there, as `npm start` does. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * How a test starts a real server process: the one place that names the server's entry, so a
 * change in how the server runs (source through tsx, or compiled JavaScript) is made here once.
 * Node itself with tsx's loader, not `npx tsx`, so a signal reaches the server, not a wrapper.
 */
export function serverCommand(): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')] };
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface SpawnedServer {
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it) once the process is gone. */
  exited: Promise<number | null>;
  /** What the process wrote to stdout and stderr, for assertions and failure messages. */
  output(): string;
}

/**
 * Spawns the server from the repository root with exactly `env` on top of PATH and HOME
 * (nothing else inherited, so the test runner's variables never leak in).
 */
export function spawnServer(env: Record<string, string | undefined>): SpawnedServer {
  const { command, args } = serverCommand();
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Resolves once `url` answers 200, or rejects with the process's output after `timeoutMs`. */
export async function waitUntilAnswers(server: SpawnedServer, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    const ready = await fetch(url)
      .then((res) => res.status === 200)
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`no answer from ${url}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface ServerProcess extends SpawnedServer {
  origin: string;
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process is gone. */
  stop(): Promise<void>;
}

/**
 * Starts a server process on a free port of 127.0.0.1 with `env` (DATABASE_URL, REDIS_URL,
 * DATA_DIR, S3_*...) over quiet test defaults, and resolves once it answers
 * /api/settings.php; throws with its output when it exits or does not answer within 60 s.
 */
export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ERASE_JOB_INTERVAL_MINUTES: '0',
    RATE_LIMIT_SCALE: '100',
    ...env,
    PORT: String(port),
  });
  const { child } = server;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await server.exited;
    clearTimeout(killer);
  };
  try {
    await waitUntilAnswers(server, `${origin}/api/settings.php`);
  } catch (err) {
    await stop();
    throw err;
  }
  return { ...server, origin, stop };
}
