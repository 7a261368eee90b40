// Where a process stood still during a bench:chat phase: its event loop's delay, its garbage
// collector's pauses and how long it waited for a CPU. A message's latency is timed by the load
// generator, so one stall of the generator or of a server sets a phase's p99; this tells which
// one it was, and why.
//
// The load generator calls stallProbe(); a server loads this file with --import and BENCH_STALLS=1,
// and then answers each SIGUSR2 with one line `BENCH_STALLS {json}` on stderr: what it saw since
// the last signal.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/** The event loop is sampled every 10 ms: a stall that matters to a p99 of tens of ms shows. */
const RESOLUTION_MS = 10;

/**
 * Ms the process's main thread (its event loop) has waited for a CPU while it could run: Linux's
 * run delay (/proc/self/schedstat, second field, ns). A stall without a garbage collection to
 * match is the machine's cores taken by other processes when this much grows with it.
 */
function cpuWaitMs() {
  return Number(readFileSync('/proc/self/schedstat', 'utf8').split(' ')[1]) / 1e6;
}

export function stallProbe() {
  let waitedBefore = cpuWaitMs();
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  let gcTotal = 0;
  let gcMax = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcTotal += entry.duration;
      gcMax = Math.max(gcMax, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  return {
    /** What the probe saw since it began or was last read, in ms; it starts again from here. */
    read() {
      // The histogram holds each tick's full interval: the stall is what exceeds the tick.
      const beyondTick = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
      const seen = {
        loopMaxMs: beyondTick(delay.max),
        loopP99Ms: beyondTick(delay.percentile(99)),
        gcTotalMs: gcTotal,
        gcMaxMs: gcMax,
        cpuWaitMs: cpuWaitMs() - waitedBefore,
      };
      waitedBefore += seen.cpuWaitMs;
      delay.reset();
      gcTotal = 0;
      gcMax = 0;
      return seen;
    },
  };
}

if (process.env.BENCH_STALLS === '1') {
  const probe = stallProbe();
  process.on('SIGUSR2', () => process.stderr.write(`BENCH_STALLS ${JSON.stringify(probe.read())}\n`));
}
