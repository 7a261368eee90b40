import { useMutation } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { StaffLoginBody, StaffLoginResponse } from './contract';

/**
 * POST /api/admin/login.php: the password step. Answers which second step follows: 'totp', or
 * 'enroll' with a new secret on a first login. 400 staff_login_failed, 429/403 account_locked.
 */
export function staffLogin(body: StaffLoginBody): Promise<StaffLoginResponse> {
  return adminRequest<StaffLoginResponse>('/api/admin/login.php', { method: 'POST', body });
}

export function useStaffLogin() {
  return useMutation({ mutationFn: staffLogin });
}
