import type { AdminMemberSummary } from '@app/shared';
import { mediaUrl } from '../../platform/storage/index.js';
import type { MemberRow } from './admin.repository.js';

/** Where a member stands with the operator, the most serious state first. */
export function moderationState(
  m: Pick<MemberRow, 'deletedAt' | 'bannedAt' | 'shadowBannedAt'>,
): AdminMemberSummary['moderation'] {
  if (m.deletedAt) return 'deleted';
  if (m.bannedAt) return 'banned';
  if (m.shadowBannedAt) return 'shadow_banned';
  return 'active';
}

/** A member as the console's lists show them; the e-mail is for staff eyes only. */
export function presentMemberSummary(
  row: { member: MemberRow; name: string | null; country: string | null; thumb: string | null },
  cdnPrefix: string,
): AdminMemberSummary {
  const m = row.member;
  return {
    id: m.id,
    email: m.email,
    name: row.name,
    country: row.country,
    domain: m.domain,
    status: m.status,
    moderation: moderationState(m),
    fictional: m.fictional,
    paid_user: m.paidUser,
    credits: m.credits,
    signup_date: m.signupDate.toISOString(),
    thumb_url: row.thumb ? mediaUrl(cdnPrefix, row.thumb) : null,
  };
}
