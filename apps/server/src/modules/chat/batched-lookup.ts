/**
 * Gathers lookups made within `delayMs` of the first (at most `max`) and answers them with one
 * call of `lookupMany`, which answers in the order asked: many callers, one round trip. A
 * failure of the call fails each of its lookups.
 */
export function createBatchedLookup<K, V>(opts: {
  lookupMany: (keys: K[]) => Promise<V[]>;
  delayMs: number;
  max: number;
}): (key: K) => Promise<V> {
  let batch: Array<{ key: K; resolve: (value: V) => void; reject: (err: unknown) => void }> = [];
  let timer: NodeJS.Timeout | null = null;

  function run(): void {
    const taken = batch;
    batch = [];
    if (timer) clearTimeout(timer);
    timer = null;
    opts.lookupMany(taken.map((entry) => entry.key)).then(
      (values) => taken.forEach((entry, i) => entry.resolve(values[i] as V)),
      (err: unknown) => taken.forEach((entry) => entry.reject(err)),
    );
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      batch.push({ key, resolve, reject });
      if (batch.length >= opts.max) run();
      else timer ??= setTimeout(run, opts.delayMs).unref();
    });
}
