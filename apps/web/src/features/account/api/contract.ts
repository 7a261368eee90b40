/*
 * The accounts and account settings contracts' types (packages/shared/src/schemas/accounts.ts,
 * account-settings.ts), imported type-only so no zod reaches the bundle.
 */
export type {
  AccountDeleteBody,
  AccountSettings,
  AccountSettingsBody,
  AccountSettingsResponse,
  DeleteReason,
  EmailChangeBody,
  EmailChangeConfirmResponse,
  LoginBody,
  LoginResponse,
  PasswordChangeBody,
  PasswordResetBody,
  PasswordResetRequestBody,
  ReactivationRequestBody,
  RetentionOffer,
  RetentionOfferResponse,
  SignupBody,
  SignupResponse,
  Tracking,
} from '@app/shared';
