/*
 * The reports contract's types (packages/shared/src/schemas/reports.ts), imported type-only so
 * no zod reaches the bundle.
 */
export type { Report, ReportBody, ReportReason, ReportResponse } from '@app/shared';
