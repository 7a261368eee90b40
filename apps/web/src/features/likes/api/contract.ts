/*
 * The likes contract's types (packages/shared/src/schemas/likes.ts), imported type-only so no
 * zod reaches the bundle.
 */
export type { AutoLikeResponse, LikeEntry, LikeResponse, LikesList, LikesResponse, ProfileCard } from '@app/shared';
