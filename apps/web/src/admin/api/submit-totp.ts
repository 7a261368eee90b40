import { useMutation } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { StaffTotpBody, StaffTotpResponse } from './contract';

/**
 * POST /api/admin/totp.php: the second factor, an authenticator code or a recovery code.
 * Enrolling answers the recovery codes, once. 400 totp_invalid.
 */
export function submitTotp(body: StaffTotpBody): Promise<StaffTotpResponse> {
  return adminRequest<StaffTotpResponse>('/api/admin/totp.php', { method: 'POST', body });
}

export function useSubmitTotp() {
  return useMutation({ mutationFn: submitTotp });
}
