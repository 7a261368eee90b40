import { useState } from 'react';
import { apiCommand } from '../../../lib/api';

/** POST /api/activation.php: sends the activation mail again (members only). */
export function resendActivation(): Promise<void> {
  return apiCommand('/api/activation.php', { method: 'POST', body: {} });
}

type ResendState = { status: 'idle' | 'pending' | 'sent' } | { status: 'failed'; error: unknown };

/**
 * The resend button's request and outcome. Local state rather than useMutation: the reminder is
 * part of the app shell, and the shell's first load does without TanStack's mutation machinery.
 */
export function useResendActivation() {
  const [state, setState] = useState<ResendState>({ status: 'idle' });
  function send() {
    setState({ status: 'pending' });
    resendActivation().then(
      () => setState({ status: 'sent' }),
      (error: unknown) => setState({ status: 'failed', error }),
    );
  }
  return { state, send };
}
