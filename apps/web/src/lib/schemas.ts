/**
 * The response schemas the client validates answers with. Loaded lazily by lib/api.ts: zod
 * and the schemas are a sizeable chunk that no first paint needs, so it downloads while the
 * first requests are in flight instead of delaying the app's start.
 */
export {
  CompanyInfoResponseSchema,
  ErrorResponseSchema,
  InterestsResponseSchema,
  RegionsResponseSchema,
  SettingsResponseSchema,
  UserResponseSchema,
} from '@app/shared';
