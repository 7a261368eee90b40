/*
 * The complaints contract's types (packages/shared/src/schemas/complaints.ts), imported
 * type-only so no zod reaches the bundle.
 */
export type { Complaint, ComplaintBody, ComplaintResponse, ComplaintTopic } from '@app/shared';
