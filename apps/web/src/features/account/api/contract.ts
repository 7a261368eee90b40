/*
 * The accounts contract's types (packages/shared/src/schemas/accounts.ts), imported type-only
 * so no zod reaches the bundle.
 */
export type {
  LoginBody,
  LoginResponse,
  PasswordResetBody,
  PasswordResetRequestBody,
  SignupBody,
  SignupResponse,
  Tracking,
} from '@app/shared';
