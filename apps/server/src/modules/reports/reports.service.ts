import type { FastifyBaseLogger } from 'fastify';
import { AUTO_SHADOW_BAN_REASON, type ReportBody, type ReportResponse } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { MemberAnswers } from '../../plugins/member-answers.js';
import { syncProfileVisibility } from '../directory/directory.repository.js';
import { presentReport } from './reports.presenter.js';
import {
  countOpenReporters,
  findOpenReport,
  insertReport,
  isMessageFromTo,
  lockReportedMember,
  setShadowBan,
} from './reports.repository.js';
import { shouldAutoShadowBan } from './reports.rules.js';

export interface ReportsServiceDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Announces members whose polled answers a report changed (a report may hide, a ban hides). */
  answers: Pick<MemberAnswers, 'stale'>;
  /** The clock of the new-account rule; tests move it. */
  now?: () => Date;
}

/** 400: a member cannot report their own profile or messages. */
export const cannotReportSelf = () => new AppError(400, 'cannot_report_self');

/** 404: the message is not one the reported member sent to the reporter. */
export const messageNotFound = () => new AppError(404, 'message_not_found');

/** Members reporting other members' profiles and messages to staff. */
export type ReportsService = ReturnType<typeof createReportsService>;

export function createReportsService(deps: ReportsServiceDeps) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Files a report about a member, or about a message they sent the reporter. A repeat while
     * the reporter's report about the same member and message is still open answers that one.
     * A new account reported by several members is shadow-banned in the same transaction
     * (shouldAutoShadowBan), so the report and the ban stand or fall together.
     */
    async reportMember(reporterId: number, body: ReportBody): Promise<ReportResponse> {
      if (body.profile_id === reporterId) throw cannotReportSelf();
      const messageId = body.message_id ?? null;
      const { row, shadowBanned } = await db.transaction(async (tx) => {
        const reported = await lockReportedMember(tx, body.profile_id);
        if (!reported) throw notFound();
        if (messageId !== null && !(await isMessageFromTo(tx, messageId, reported.id, reporterId))) {
          throw messageNotFound();
        }
        const open = await findOpenReport(tx, reporterId, reported.id, messageId);
        if (open) return { row: open, shadowBanned: false };

        const inserted = await insertReport(tx, {
          reporterId,
          memberId: reported.id,
          messageId,
          reason: body.reason,
          note: body.note ?? '',
        });
        const at = now();
        const ban = shouldAutoShadowBan({
          ...reported,
          openReporters: await countOpenReporters(tx, reported.id),
          now: at,
        });
        if (ban) {
          await setShadowBan(tx, reported.id, at, AUTO_SHADOW_BAN_REASON);
          await syncProfileVisibility(tx, reported.id);
        }
        return { row: inserted, shadowBanned: ban };
      });
      await deps.answers.stale([reporterId, body.profile_id]);
      log.info({ reportId: row.id, reporterId, memberId: body.profile_id, reason: row.reason }, 'report filed');
      if (shadowBanned) log.warn({ memberId: body.profile_id }, 'member shadow-banned automatically after reports');
      return { report: presentReport(row) };
    },
  };
}
