import type { ComplaintTopic } from './api/contract';

/** The complaint form as typed; ComplaintBodySchema checks it, as the server does, before it is sent. */
export interface ComplaintValues {
  topic: ComplaintTopic | null;
  subject: string;
  message: string;
  name: string;
  email: string;
}

export const emptyComplaint = (sender?: { name: string; email: string } | null): ComplaintValues => ({
  topic: null,
  subject: '',
  message: '',
  name: sender?.name ?? '',
  email: sender?.email ?? '',
});

/** Characters as the server counts them: after trimming. */
export function messageLength(message: string): number {
  return message.trim().length;
}
