import type {
  Verification,
  VerificationDecisionBody,
  VerificationOutcome,
  VerificationPose,
  VerificationQueueResponse,
} from '@app/shared';
import { VERIFICATION_QUEUE_PAGE, VerificationPoseSchema } from '@app/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { storedSigningKey } from '../../db/app-secrets.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import type { Bus } from '../../platform/bus/index.js';
import { VERIFICATION_CHANNEL, publishEvent } from '../../platform/bus/events.js';
import { mediaUrl } from '../../platform/storage/index.js';
import type { MemberAnswers } from '../../plugins/member-answers.js';
import type { StaffActor, StaffService } from '../admin/staff.service.js';
import { processSelfieUpload } from '../media/media.images.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  clearNoticeOf,
  countRequests,
  decideRequest,
  deleteWaiting,
  insertPending,
  latestRequest,
  listWaiting,
  lockMainPhotoId,
  mainPhotoId,
  photosOf,
  setNotice,
  setVerifiedPhoto,
  verifiedPhotoId,
  waitingMember,
  waitingSelfie,
} from './verification.repository.js';
import { poseFor, verificationState } from './verification.rules.js';

export const verificationPending = () => new AppError(409, 'verification_pending');
export const verificationAlreadyVerified = () => new AppError(409, 'verification_already_verified');
export const verificationNeedsPhoto = () => new AppError(409, 'verification_needs_photo');
export const verificationNotFound = () => new AppError(404, 'verification_not_found');

/** The app_secrets key the poses are drawn with. */
const POSE_KEY_NAME = 'verification_pose_key';

export interface VerificationServiceDeps {
  db: Db;
  bus: Bus;
  staff: Pick<StaffService, 'audit'>;
  settings: Pick<SettingsService, 'settingsForDomain'>;
  /** The badge shows on cards: a decision changes the member's polled answers and others'. */
  answers: Pick<MemberAnswers, 'stale'>;
  now?: () => Date;
}

export type VerificationService = ReturnType<typeof createVerificationService>;

/**
 * Drops a member's waiting request with its selfie, in the caller's transaction: an account
 * being deleted keeps no selfie, not even for the reactivation period.
 */
export function eraseWaitingSelfie(tx: DbOrTx, memberId: number): Promise<void> {
  return deleteWaiting(tx, memberId);
}

/** The member's verification status for their data export (the selfie is never part of it). */
export async function verificationForExport(
  db: DbOrTx,
  memberId: number,
): Promise<{
  verified: boolean;
  last_request: { status: string; requested_at: string; decided_at: string | null } | null;
}> {
  const latest = await latestRequest(db, memberId);
  return {
    verified: (await verifiedPhotoId(db, memberId)) !== null,
    last_request: latest
      ? {
          status: latest.status,
          requested_at: latest.createdAt.toISOString(),
          decided_at: latest.decidedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** Verified photos (issue 23, decision 0084): the member's request and the console's queue. */
export function createVerificationService(deps: VerificationServiceDeps) {
  const { db, bus, staff, settings, answers } = deps;
  const now = deps.now ?? (() => new Date());
  let key: Promise<Buffer> | null = null;
  const poseKey = () =>
    (key ??= storedSigningKey(db, POSE_KEY_NAME).catch((err: unknown) => ((key = null), Promise.reject(err))));

  async function nextPose(memberId: number): Promise<VerificationPose> {
    return poseFor(await poseKey(), memberId, await countRequests(db, memberId));
  }

  async function state(memberId: number): Promise<Verification> {
    return verificationState({
      verified: (await verifiedPhotoId(db, memberId)) !== null,
      latest: await latestRequest(db, memberId),
      nextPose: await nextPose(memberId),
    });
  }

  return {
    /** GET /api/verification.php. */
    state,

    /**
     * POST /api/verification.php: checks the member may ask before the costly decoding, stores
     * the re-encoded selfie with the pose the member was shown. A race of two requests ends on
     * the one-waiting-request index.
     */
    async request(memberId: number, data: Buffer): Promise<Verification> {
      const current = await state(memberId);
      if (current.status === 'pending') throw verificationPending();
      if (current.status === 'verified') throw verificationAlreadyVerified();
      if ((await mainPhotoId(db, memberId)) === null) throw verificationNeedsPhoto();
      const selfie = await processSelfieUpload(data);
      const pose = await nextPose(memberId);
      try {
        // The new request replaces the last outcome: a notice of it not yet seen is old news.
        await db.transaction(async (tx) => {
          await insertPending(tx, { memberId, pose, selfie });
          await setNotice(tx, memberId, null);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw verificationPending();
        throw error;
      }
      return state(memberId);
    },

    /** The console's queue: waiting requests after `after`, oldest first, each with the member's photos. */
    async queue(after: number | null): Promise<VerificationQueueResponse> {
      // One more than a page tells whether another follows.
      const found = await listWaiting(db, after, VERIFICATION_QUEUE_PAGE + 1);
      const rows = found.slice(0, VERIFICATION_QUEUE_PAGE);
      const pictures = await photosOf(
        db,
        rows.map((r) => r.memberId),
      );
      const prefixes = new Map<string, string>();
      for (const domain of new Set(rows.map((r) => r.domain))) {
        prefixes.set(domain, (await settings.settingsForDomain(domain)).cdn_prefix);
      }
      return {
        requests: rows.map((r) => ({
          id: r.id,
          member_id: r.memberId,
          member_name: r.name,
          domain: r.domain,
          pose: VerificationPoseSchema.parse(r.pose),
          created_at: r.createdAt.toISOString(),
          selfie_url: `/api/admin/verification-selfie.php?id=${r.id}`,
          photos: pictures
            .filter((p) => p.memberId === r.memberId)
            .map((p) => ({ id: p.id, url: mediaUrl(prefixes.get(r.domain) ?? '', p.filename), is_main: p.isMain })),
        })),
        next_after: found.length > VERIFICATION_QUEUE_PAGE ? (rows.at(-1)?.id ?? null) : null,
      };
    },

    /**
     * POST /api/verification-notice.php: the member saw the outcome, on whichever device; only
     * that outcome's notice ends, so a tab that saw an older one never hides a newer.
     */
    async noticeSeen(memberId: number, outcome: VerificationOutcome): Promise<void> {
      await clearNoticeOf(db, memberId, outcome);
    },

    /** A waiting request's selfie for staff; 404 once decided (erased). */
    async selfie(id: number): Promise<Buffer> {
      const data = await waitingSelfie(db, id);
      if (!data) throw verificationNotFound();
      return data;
    },

    /**
     * Approve: the badge, against the main photo now. Reject: the member reads the reason. Both
     * erase the selfie in the same statement that decides, are audited, and tell the member: the
     * notice in the app until seen, written with the decision, and the bus event, which the live
     * channel, the mail and the push deliver.
     */
    async decide(actor: StaffActor, body: VerificationDecisionBody): Promise<void> {
      const outcome: VerificationOutcome = body.decision === 'approve' ? 'approved' : 'rejected';
      const memberId = await db.transaction(async (tx) => {
        const waiting = await waitingMember(tx, body.id);
        if (waiting === null) throw verificationNotFound();
        const photoId = body.decision === 'approve' ? await lockMainPhotoId(tx, waiting) : null;
        if (body.decision === 'approve' && photoId === null) throw verificationNeedsPhoto();
        const decided = await decideRequest(tx, body.id, {
          status: outcome,
          reason: body.decision === 'reject' ? body.reason : null,
          photoId,
          at: now(),
        });
        if (decided === null) throw verificationNotFound();
        if (photoId !== null) await setVerifiedPhoto(tx, decided, photoId);
        await setNotice(tx, decided, outcome);
        return decided;
      });
      await staff.audit(actor, {
        action: body.decision === 'approve' ? 'verification.approve' : 'verification.reject',
        targetType: 'member',
        targetId: memberId,
        details: body.decision === 'reject' ? { request_id: body.id, reason: body.reason } : { request_id: body.id },
      });
      await answers.stale([memberId]);
      await publishEvent(bus, VERIFICATION_CHANNEL, {
        type: 'verification',
        member_id: memberId,
        request_id: body.id,
        outcome,
      });
    },
  };
}
