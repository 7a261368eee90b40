import type { Locale, User } from '@app/shared';

/*
 * The accounts contract (packages/shared/src/schemas/accounts.ts) as the client uses it.
 * Mirrored as plain types until the shared package exports it; type-only, so no zod reaches
 * the bundle either way.
 */

/** PASSWORD_MIN_LENGTH of the contract, kept here so the first load needs no zod. */
export const PASSWORD_MIN_LENGTH = 8;

/** POST /api/user.php */
export interface LoginBody {
  email: string;
  password: string;
}

export interface LoginResponse {
  user: User;
}

/** The visitor's traffic source (spec section 3). */
export interface Tracking {
  network?: string;
  ref?: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
}

/** POST /api/signup.php */
export interface SignupBody {
  email: string;
  password: string;
  name: string;
  /** YYYY-MM-DD */
  date_of_birth: string;
  gender: 'male' | 'female';
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi';
  country: string;
  terms: true;
  signup_message?: string;
  recipient_id?: number;
  tracking?: Tracking;
  language: Locale;
}

export interface SignupResponse {
  user: User;
}

/** POST /api/password-reset.php */
export interface PasswordResetRequestBody {
  email: string;
}

/** POST /api/password-reset-do.php */
export interface PasswordResetBody {
  token: string;
  password: string;
  password_repeat: string;
}
