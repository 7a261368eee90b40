/*
 * The visitors contract's types (packages/shared/src/schemas/visits.ts), imported type-only so
 * no zod reaches the bundle.
 */
export type { LikesResponse, ProfileCard, VisitorEntry, VisitorsResponse } from '@app/shared';
