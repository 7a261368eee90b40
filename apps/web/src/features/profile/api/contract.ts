/*
 * The profiles contract's types (packages/shared/src/schemas/profiles.ts), imported type-only
 * so no zod reaches the bundle.
 */
export type {
  Geocode,
  GeocodeResponse,
  Interest,
  OwnProfile,
  Photo,
  PhotoDeleteBody,
  PhotosResponse,
  PhotosUpdateBody,
  ProfileResponse,
  ProfileUpdateBody,
  Region,
  Verification,
  VerificationPose,
  VerificationResponse,
} from '@app/shared';
