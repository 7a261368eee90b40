import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import type { ReportBody, ReportResponse } from './contract';

/**
 * POST /api/report.php: reports a member's profile, or a message they sent (message_id). A
 * repeat while the earlier report is open answers that report. Fails with 400
 * validation_failed (per field) or cannot_report_self, 404 not_found or message_not_found, and
 * 429 rate_limited.
 */
export function reportMember(body: ReportBody): Promise<ReportResponse> {
  return apiRequest<ReportResponse>('/api/report.php', { method: 'POST', body });
}

export function useReportMember() {
  return useMutation({ mutationFn: reportMember });
}
