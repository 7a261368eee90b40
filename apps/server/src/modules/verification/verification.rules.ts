import { createHmac } from 'node:crypto';
import { VERIFICATION_POSES, type Verification, type VerificationPose } from '@app/shared';

/**
 * The pose of a member's `attempt`-th request: drawn from a keyed hash, so it looks random, the
 * member cannot pick it (the server works it out again when the selfie comes) and it stays the
 * same until the next request, however often the page is opened.
 */
export function poseFor(key: Buffer, memberId: number, attempt: number): VerificationPose {
  const digest = createHmac('sha256', key).update(`${memberId}:${attempt}`).digest();
  return VERIFICATION_POSES[digest.readUInt32BE(0) % VERIFICATION_POSES.length]!;
}

/** What the member reads of their verification, from the badge and their latest request. */
export function verificationState(input: {
  verified: boolean;
  latest: { status: 'pending' | 'approved' | 'rejected'; reason: string | null } | null;
  nextPose: VerificationPose;
}): Verification {
  if (input.latest?.status === 'pending') return { status: 'pending', pose: null, reason: null };
  if (input.verified) return { status: 'verified', pose: null, reason: null };
  if (input.latest?.status === 'rejected') {
    return { status: 'rejected', pose: input.nextPose, reason: input.latest.reason };
  }
  return { status: 'none', pose: input.nextPose, reason: null };
}
