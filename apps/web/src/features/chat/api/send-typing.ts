import { apiCommand } from '../../../lib/api';

/** POST /api/typing.php: the member is typing in the conversation; the partner's open tabs hear of it. */
export function sendTyping(conversation: number): Promise<void> {
  return apiCommand('/api/typing.php', { method: 'POST', body: { conversation } });
}
