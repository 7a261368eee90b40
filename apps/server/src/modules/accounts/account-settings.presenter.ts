import {
  NOTIFICATION_TYPES,
  type AccountSettings,
  type NotificationPreferences,
  type RetentionOffer,
} from '@app/shared';
import type { DiscountCodeRow, MemberRow } from './accounts.repository.js';

/**
 * The member's account settings. The database keeps the switched-off types only, so a type
 * added later starts switched on for everyone, unless it is one of
 * OFF_BY_DEFAULT_NOTIFICATION_TYPES: those the members table's default and their migration
 * put in the list.
 */
export function presentAccountSettings(member: MemberRow): AccountSettings {
  const off = new Set(member.notificationsOff);
  return {
    email: member.email,
    invisible: member.invisible,
    notification_preferences: Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, !off.has(type)]),
    ) as NotificationPreferences,
  };
}

/** A retention discount code as the deletion dialog shows it. */
export function presentRetentionOffer(row: DiscountCodeRow): RetentionOffer {
  return {
    code: row.code,
    percentage: row.percentage,
    expires: (row.expiresAt ?? new Date(0)).toISOString(),
  };
}
