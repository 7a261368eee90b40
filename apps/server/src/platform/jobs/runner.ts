import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { jobRuns } from '../../db/schema/index.js';

/**
 * A scheduled job: `period` names the run a moment belongs to (one per quarter hour, one per
 * ISO week, ...); the job runs once per period across every process.
 */
export interface Job {
  name: string;
  period(now: Date): string;
  run(ctx: { now: Date; period: string }): Promise<void>;
}

/** The jobs of one process: a timer that runs the due ones, and a way to run them at will. */
export interface JobRunner {
  /** Starts the timer (unref'd, so it never keeps the process alive). */
  start(): void;
  /**
   * Runs every job whose period at `now` no process has claimed yet, one after the other, and
   * answers the names of the jobs this call ran. Tests call it with a chosen `now`.
   */
  runDue(now?: Date): Promise<string[]>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The period of an every-`minutes` job: the start of its slot in UTC, e.g. '2026-11-22T08:15'. */
export function minutePeriod(now: Date, minutes: number): string {
  const slot = new Date(Math.floor(now.getTime() / (minutes * 60_000)) * minutes * 60_000);
  return `${slot.getUTCFullYear()}-${pad(slot.getUTCMonth() + 1)}-${pad(slot.getUTCDate())}T${pad(slot.getUTCHours())}:${pad(slot.getUTCMinutes())}`;
}

/** The ISO 8601 week of a moment in UTC, e.g. '2026-W47': weeks start on Monday. */
export function isoWeekPeriod(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  // The Thursday of this week decides the year the week belongs to.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${pad(week)}`;
}

/** How a claimed run ended, for the job-runs metric. */
export type JobOutcome = 'ok' | 'failed';

/** How long finished runs are kept: long enough to read when a job last ran. */
const KEEP_RUNS_DAYS = 30;

/**
 * Claims a job's period: the insert of (job, period) succeeds in exactly one process, whatever
 * the number of processes ticking at once.
 */
async function claim(db: Db, job: string, period: string): Promise<boolean> {
  const rows = await db.insert(jobRuns).values({ job, period }).onConflictDoNothing().returning({ job: jobRuns.job });
  return rows.length > 0;
}

/** Deletes the runs older than KEEP_RUNS_DAYS. */
async function pruneRuns(db: Db, now: Date): Promise<void> {
  await db.delete(jobRuns).where(lt(jobRuns.startedAt, new Date(now.getTime() - KEEP_RUNS_DAYS * 86_400_000)));
}

/**
 * Runs scheduled jobs in every process, each job once per period across them all: a process
 * that claims the period runs it, the others skip it. A failed run gives its claim back, so the
 * next tick (in any process) retries it; jobs make their own effects once-only (a mail is
 * claimed in notification_deliveries before it goes out), so a retry never repeats one.
 * Errors are logged, never thrown out of the timer. Runs older than KEEP_RUNS_DAYS are pruned.
 */
export function createJobRunner(opts: {
  db: Db;
  log: FastifyBaseLogger;
  jobs: Job[];
  /** Milliseconds between checks for due jobs. */
  tickMs: number;
  now?: () => Date;
  /** Told of every run this process claimed and finished (metrics). */
  onRun?: (job: string, outcome: JobOutcome) => void;
}): JobRunner {
  const { db, log } = opts;
  const clock = opts.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<string[]> | null = null;
  const jobs: Job[] = [
    ...opts.jobs,
    { name: 'prune-job-runs', period: (now) => now.toISOString().slice(0, 10), run: ({ now }) => pruneRuns(db, now) },
  ];

  async function runJob(job: Job, now: Date): Promise<boolean> {
    const period = job.period(now);
    if (!(await claim(db, job.name, period))) return false;
    try {
      await job.run({ now, period });
      await db
        .update(jobRuns)
        .set({ finishedAt: sql`now()` })
        .where(and(eq(jobRuns.job, job.name), eq(jobRuns.period, period)));
      opts.onRun?.(job.name, 'ok');
      return true;
    } catch (err) {
      opts.onRun?.(job.name, 'failed');
      log.error({ err, job: job.name, period }, 'scheduled job failed; it is retried on the next tick');
      await db.delete(jobRuns).where(and(eq(jobRuns.job, job.name), eq(jobRuns.period, period)));
      return false;
    }
  }

  async function runAll(now: Date): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs) {
      try {
        if (await runJob(job, now)) ran.push(job.name);
      } catch (err) {
        log.error({ err, job: job.name }, 'claiming a scheduled job failed');
      }
    }
    return ran;
  }

  function runDue(now: Date = clock()): Promise<string[]> {
    // Never two rounds at once in one process: a tick during a long run waits for it.
    const round = (running ?? Promise.resolve([])).then(() => runAll(now));
    const current = round.finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  }

  return {
    start() {
      if (timer) return;
      // A tick while a round still runs is skipped: the next one catches up.
      timer = setInterval(() => {
        if (!running) void runDue();
      }, opts.tickMs);
      timer.unref();
    },
    runDue,
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
