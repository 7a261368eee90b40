import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { HeldContentResponse, HeldDecisionBody } from './contract';
import { adminKeys } from './query-keys';

/** POST /api/admin/held.php: releases or drops a held message or about-me text. */
export function decideHeld(body: HeldDecisionBody): Promise<{ ok: true }> {
  return adminRequest<{ ok: true }>('/api/admin/held.php', { method: 'POST', body });
}

export function useDecideHeld() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideHeld,
    onSuccess: (_data, body) => {
      // The decided item leaves the list at once.
      client.setQueryData<HeldContentResponse>(
        adminKeys.held,
        (held) =>
          held && {
            messages: body.kind === 'message' ? held.messages.filter((m) => m.id !== body.id) : held.messages,
            abouts: body.kind === 'about' ? held.abouts.filter((a) => a.member_id !== body.id) : held.abouts,
          },
      );
    },
  });
}
