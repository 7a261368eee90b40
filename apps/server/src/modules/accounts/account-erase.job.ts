import { ACCOUNT_REACTIVATION_DAYS } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { minutePeriod, type Job } from '../../platform/jobs/runner.js';
import type { MediaStorage } from '../../platform/storage/index.js';
import type { MemberAnswers } from '../../plugins/member-answers.js';
import { blankErasedMembersComplaints } from '../complaints/complaints.service.js';
import { releaseErasedMembersClaims } from '../discounts/discounts.service.js';
import { deleteMembers, listChatImageKeys, listErasableMemberIds, listPhotoKeys } from './accounts.repository.js';

const DAY_MS = 24 * 3_600_000;

export interface EraseDeps {
  db: Db;
  storage: MediaStorage;
  now: Date;
  log: FastifyBaseLogger;
  /** Accounts erased per round; each round deletes their files, then their rows. */
  batchSize?: number;
  /** Answers that showed the erased (their conversations go with them); the job passes the app's. */
  answers?: Pick<MemberAnswers, 'stale'>;
}

/**
 * Erases for good every account deleted more than ACCOUNT_REACTIVATION_DAYS ago: first its
 * photo files and the image files of its conversations, then the member row, whose foreign keys
 * take the profile, photos, sessions, tokens, tracking, conversations, messages (those the
 * member sent included), likes, blocks, orders, the reports about the member and discount codes
 * with it; paid uses of discount codes stay without the member (unpaid claims are released); the reports the member filed keep their rows without the reporter (they are about
 * someone else), and the complaints they sent are blanked. Files go first so a failure
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
    members += await db.transaction(async (tx) => {
      await blankErasedMembersComplaints(tx, ids);
      await releaseErasedMembersClaims(tx, ids);
      return deleteMembers(tx, ids);
    });
    await deps.answers?.stale(ids);
    if (ids.length < batchSize) break;
  }
  if (members > 0) log.info({ members, files }, 'erased deleted accounts past their reactivation days');
  return { members, files };
}

/**
 * The erase job for the job runner: once every `intervalMinutes` across all processes. A run that
 * fails is retried on the runner's next tick; deleting a missing file is no error.
 */
export function accountEraseJob(opts: {
  db: Db;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  answers: Pick<MemberAnswers, 'stale'>;
  intervalMinutes: number;
}): Job {
  return {
    name: 'erase-accounts',
    period: (now) => minutePeriod(now, opts.intervalMinutes),
    run: async ({ now }) => {
      await eraseExpiredAccounts({ db: opts.db, storage: opts.storage, log: opts.log, answers: opts.answers, now });
    },
  };
}
