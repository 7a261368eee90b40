import { PASSWORD_MAX_LENGTH } from '@app/shared';
import { DEMO_STAFF } from '../../db/seed/demo/people.js';

/** A console password guards every member's data: longer than a member's. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

/**
 * Why a password is not good enough for a staff account made by staff:create, or null. The
 * demo's published password and passwords of few distinct characters are refused outright;
 * longer than a login accepts would make an account nobody can log in to.
 */
export function staffPasswordProblem(password: string, email: string): string | null {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) {
    return `the password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) return `the password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (password === DEMO_STAFF.password) return "the password is the demo's published staff password";
  if (new Set(password).size < 6) return 'the password must have at least 6 different characters';
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 4 && password.toLowerCase().includes(local))
    return 'the password must not contain the e-mail address';
  return null;
}
