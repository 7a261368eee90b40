import type { Report } from '@app/shared';
import type { ReportRow } from './reports.repository.js';

/** A filed report as its reporter sees it: the id and where it stands, never staff's notes. */
export function presentReport(row: Pick<ReportRow, 'id' | 'status'>): Report {
  return { id: row.id, status: row.status };
}
