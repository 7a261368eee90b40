import { ACCOUNT_REACTIVATION_DAYS } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { MediaStorage } from '../../platform/storage/index.js';
import { deleteMembers, listChatImageKeys, listErasableMemberIds, listPhotoKeys } from './accounts.repository.js';

const DAY_MS = 24 * 3_600_000;

export interface EraseDeps {
  db: Db;
  storage: MediaStorage;
  now: Date;
  log: FastifyBaseLogger;
  /** Accounts erased per round; each round deletes their files, then their rows. */
  batchSize?: number;
}

/**
 * Erases for good every account deleted more than ACCOUNT_REACTIVATION_DAYS ago: first its
 * photo files and the image files of its conversations, then the member row, whose foreign keys
 * take the profile, photos, sessions, tokens, tracking, conversations, messages and discount
 * codes with it. Files go first so a failure
 * leaves the rows for the next run to retry (deleting a missing file is no error), never files
 * without rows. Logs counts only: whom it erased is exactly what must not be kept.
 */
export async function eraseExpiredAccounts(deps: EraseDeps): Promise<{ members: number; files: number }> {
  const { db, storage, log } = deps;
  const batchSize = deps.batchSize ?? 100;
  const before = new Date(deps.now.getTime() - ACCOUNT_REACTIVATION_DAYS * DAY_MS);
  let members = 0;
  let files = 0;
  for (;;) {
    const ids = await listErasableMemberIds(db, before, batchSize);
    if (ids.length === 0) break;
    const keys = [...(await listPhotoKeys(db, ids)), ...(await listChatImageKeys(db, ids))];
    for (const key of keys) await storage.delete(key);
    files += keys.length;
    members += await deleteMembers(db, ids);
    if (ids.length < batchSize) break;
  }
  if (members > 0) log.info({ members, files }, 'erased deleted accounts past their reactivation days');
  return { members, files };
}

/** A running schedule; stop() waits for a run in progress. */
export interface EraseSchedule {
  stop(): Promise<void>;
}

/**
 * Runs the erase job `firstDelayMs` after the start and then every `intervalMs`, never two runs
 * at once. The timers are unref'd so they never keep the process alive. Several processes may
 * each run it: a member row is deleted once, and a second delete of a file is no error.
 */
export function scheduleAccountErase(opts: {
  db: Db;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  intervalMs: number;
  firstDelayMs?: number;
}): EraseSchedule {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = eraseExpiredAccounts({ db: opts.db, storage: opts.storage, log: opts.log, now: new Date() })
      .catch((err: unknown) => opts.log.error({ err }, 'erasing deleted accounts failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, opts.firstDelayMs ?? 30_000);
  const every = setInterval(run, opts.intervalMs);
  first.unref();
  every.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
