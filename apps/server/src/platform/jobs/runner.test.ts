import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { jobRuns } from '../../db/schema/index.js';
import { createJobRunner, isoWeekPeriod, minutePeriod, type Job } from './runner.js';

const log = pino({ level: 'silent' });
let opened: Awaited<ReturnType<typeof openTestDatabase>>;
let database: Database;
beforeAll(async () => {
  opened = await openTestDatabase();
  database = opened.database;
});
afterAll(async () => {
  await opened?.drop();
});

/** A job that counts its runs, taking a while so runs in two processes overlap. */
function countingJob(name: string, period: (now: Date) => string = (now) => minutePeriod(now, 15)) {
  const runs: string[] = [];
  const job: Job = {
    name,
    period,
    async run(ctx) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      runs.push(ctx.period);
    },
  };
  return { job, runs };
}

describe('periods', () => {
  it('name the slot of an every-n-minutes job and the ISO week', () => {
    expect(minutePeriod(new Date('2026-11-22T08:29:59Z'), 15)).toBe('2026-11-22T08:15');
    expect(minutePeriod(new Date('2026-11-22T08:30:00Z'), 15)).toBe('2026-11-22T08:30');
    expect(minutePeriod(new Date('2026-11-22T08:31:10Z'), 1)).toBe('2026-11-22T08:31');
    expect(isoWeekPeriod(new Date('2026-11-22T23:00:00Z'))).toBe('2026-W47');
    expect(isoWeekPeriod(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48');
    // 1 January 2027 is a Friday: it belongs to the last week of 2026.
    expect(isoWeekPeriod(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
  });
});

describe('createJobRunner', () => {
  it('runs a job once per period, whatever the number of runners on the database', async () => {
    const { job, runs } = countingJob('once');
    const runners = [1, 2, 3].map(() => createJobRunner({ db: database.db, log, jobs: [job], tickMs: 60_000 }));
    const at = new Date('2026-11-22T08:20:00Z');
    const ran = await Promise.all(runners.map((r) => r.runDue(at)));
    expect(ran.filter((names) => names.includes('once'))).toHaveLength(1);
    expect(runs).toEqual(['2026-11-22T08:15']);

    await Promise.all(runners.map((r) => r.runDue(new Date('2026-11-22T08:29:00Z'))));
    expect(runs).toHaveLength(1);
    await Promise.all(runners.map((r) => r.runDue(new Date('2026-11-22T08:30:00Z'))));
    expect(runs).toEqual(['2026-11-22T08:15', '2026-11-22T08:30']);
    const [row] = await database.db.select().from(jobRuns).where(eq(jobRuns.job, 'once')).limit(1);
    expect(row!.finishedAt).toBeInstanceOf(Date);
    await Promise.all(runners.map((r) => r.stop()));
  });

  it('logs a failed run and gives its period back, so the next tick retries it', async () => {
    let attempts = 0;
    const errors: unknown[] = [];
    const failing: Job = {
      name: 'flaky',
      period: (now) => minutePeriod(now, 60),
      async run() {
        attempts += 1;
        if (attempts === 1) throw new Error('boom');
      },
    };
    const logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(JSON.parse(line)) });
    const { job: other, runs } = countingJob('after-flaky');
    const outcomes: string[] = [];
    const runner = createJobRunner({
      db: database.db,
      log: logger,
      jobs: [failing, other],
      tickMs: 60_000,
      onRun: (name, outcome) => void outcomes.push(`${name} ${outcome}`),
    });
    const at = new Date('2026-11-22T09:00:00Z');
    const first = await runner.runDue(at);
    expect(first).toContain('after-flaky');
    expect(first).not.toContain('flaky');
    expect(runs).toHaveLength(1);
    expect(errors).toEqual([expect.objectContaining({ job: 'flaky', msg: expect.stringContaining('failed') })]);
    expect(await runner.runDue(at)).toEqual(['flaky']);
    expect(attempts).toBe(2);
    expect(outcomes.filter((o) => !o.startsWith('prune'))).toEqual(['flaky failed', 'after-flaky ok', 'flaky ok']);
  });

  it('ticks on its timer until stopped', async () => {
    const { job, runs } = countingJob('ticking', () => String(Date.now()));
    const runner = createJobRunner({ db: database.db, log, jobs: [job], tickMs: 30 });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await runner.stop();
    const count = runs.length;
    expect(count).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toHaveLength(count);
  });

  it('prunes runs older than 30 days once a day', async () => {
    await database.db
      .insert(jobRuns)
      .values({ job: 'ancient', period: 'x', startedAt: new Date('2026-01-01T00:00:00Z') });
    const runner = createJobRunner({ db: database.db, log, jobs: [], tickMs: 60_000 });
    expect(await runner.runDue(new Date('2026-12-01T00:00:00Z'))).toEqual(['prune-job-runs']);
    expect(await database.db.select().from(jobRuns).where(eq(jobRuns.job, 'ancient'))).toEqual([]);
  });
});
