/*
 * The members contract's types (packages/shared/src/schemas/members.ts), imported type-only
 * so no zod reaches the bundle.
 */
export type {
  BlockBody,
  BlockResponse,
  BlocksResponse,
  Interest,
  MemberProfile,
  MemberResponse,
  Photo,
  ProfileCard,
  RegionsResponse,
} from '@app/shared';
