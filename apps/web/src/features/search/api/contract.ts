/*
 * The search contract's types (packages/shared/src/schemas/search.ts), imported type-only so
 * no zod reaches the bundle.
 */
export type { MatchReason, MatchSuggestion, MatchesResponse, ProfileCard, SearchResponse } from '@app/shared';
