import { AUTO_SHADOW_BAN_ACCOUNT_DAYS, AUTO_SHADOW_BAN_REPORTERS } from '@app/shared';

const DAY_MS = 24 * 3_600_000;

/**
 * Whether a reported member is shadow-banned automatically (pending staff review): an account
 * younger than AUTO_SHADOW_BAN_ACCOUNT_DAYS, not one of the site's fictional profiles, not
 * shadow-banned yet, with open reports from at least AUTO_SHADOW_BAN_REPORTERS distinct members.
 */
export function shouldAutoShadowBan(input: {
  fictional: boolean;
  signupDate: Date;
  shadowBannedAt: Date | null;
  openReporters: number;
  now: Date;
}): boolean {
  if (input.fictional || input.shadowBannedAt !== null) return false;
  if (input.now.getTime() - input.signupDate.getTime() >= AUTO_SHADOW_BAN_ACCOUNT_DAYS * DAY_MS) return false;
  return input.openReporters >= AUTO_SHADOW_BAN_REPORTERS;
}
