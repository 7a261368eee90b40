/**
 * Data export contract (GDPR right of access and portability).
 *
 * Endpoints
 * - GET /api/export.php  -> a ZIP archive (application/zip) as an attachment named
 *     dataExportFilename(memberId, date), never cached. Members only (403
 *     authentication_required); rate-limited per member (DATA_EXPORT_RATE_LIMIT of the export
 *     routes; 429 rate_limited, as JSON). It
 *     holds DATA_EXPORT_FILES and the member's photos under photos/; README.txt explains them in
 *     the member's language. Never password hashes, session tokens, push keys, or other
 *     members' e-mail addresses or private fields: another member appears by id and profile
 *     name only.
 */

/** The JSON and text files of every data export, at the archive's root. */
export const DATA_EXPORT_FILES = [
  'README.txt',
  'profile.json',
  'messages.json',
  'orders.json',
  'credits.json',
  'consents.json',
  'likes.json',
  'visits.json',
  'blocks.json',
  'reports.json',
  'complaints.json',
  'verification.json',
] as const;

/** The archive's file name: amoria-data-<member id>-<YYYY-MM-DD>.zip (UTC date). */
export function dataExportFilename(memberId: number, at: Date): string {
  return `amoria-data-${memberId}-${at.toISOString().slice(0, 10)}.zip`;
}
