import { useMutation } from '@tanstack/react-query';
import { adminRequest } from './admin-request';

/** POST /api/admin/member-activation.php: mails the member's activation link again. */
export function resendActivation(memberId: number): Promise<{ ok: true }> {
  return adminRequest<{ ok: true }>('/api/admin/member-activation.php', {
    method: 'POST',
    body: { member_id: memberId },
  });
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
