/*
 * The operator console's contract (packages/shared/src/schemas/admin.ts), types only, plus the
 * role check the console mirrors from the server.
 */
export type {
  AdminCreditsBody,
  AdminMemberDetail,
  AdminMemberResponse,
  AdminMemberStatusBody,
  AdminMemberSummary,
  AdminMemberVisitsResponse,
  AdminSite,
  AdminSiteBody,
  AuditEntry,
  AuditResponse,
  CaseDetail,
  CaseSummary,
  CaseUpdateBody,
  DashboardDay,
  DashboardResponse,
  HeldContentResponse,
  HeldDecisionBody,
  InboxMessage,
  InboxReplyBody,
  InboxThreadResponse,
  InboxThreadSummary,
  StaffLoginBody,
  StaffLoginResponse,
  StaffMe,
  StaffMeResponse,
  StaffPermission,
  StaffRole,
  StaffTotpBody,
  StaffTotpResponse,
  StoredSettings,
} from '@app/shared';
export { staffCan } from '@app/shared';
import type { AdminMemberSummary, AdminSite, CaseDetail, CaseSummary, InboxThreadSummary } from '@app/shared';

export type CaseKind = 'report' | 'complaint';
export type CaseStatus = 'open' | 'in_progress' | 'resolved';

/** GET /api/admin/members.php's answer. */
export interface AdminMemberListResponse {
  members: AdminMemberSummary[];
  next_before: number | null;
}

/** GET /api/admin/cases.php's answer. */
export interface CaseListResponse {
  cases: CaseSummary[];
}

/** GET/POST /api/admin/case.php's answer. */
export interface CaseResponse {
  case: CaseDetail;
}

/** GET /api/admin/inbox.php's answer. */
export interface InboxResponse {
  threads: InboxThreadSummary[];
}

/** GET /api/admin/sites.php's answer. */
export interface AdminSitesResponse {
  sites: AdminSite[];
}
