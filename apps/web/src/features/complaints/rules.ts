import {
  COMPLAINT_MESSAGE_MAX_LENGTH,
  COMPLAINT_MESSAGE_MIN_LENGTH,
  COMPLAINT_NAME_MAX_LENGTH,
  COMPLAINT_SUBJECT_MAX_LENGTH,
  COMPLAINT_TOPICS,
} from '@app/shared';
import type { ComplaintBody, ComplaintTopic } from './api/contract';

/** The complaint form as typed, before it is sent. */
export interface ComplaintValues {
  topic: ComplaintTopic | null;
  subject: string;
  message: string;
  name: string;
  email: string;
}

export type ComplaintField = keyof ComplaintValues;

/** The fields in the order the form shows them: the first with a problem gets the focus. */
export const COMPLAINT_FIELDS: readonly ComplaintField[] = ['topic', 'subject', 'message', 'name', 'email'];

/**
 * A field's problem as a key of the errors catalogue with its values: the texts the server
 * answers with for the same mistakes (ComplaintBodySchema), so both read the same.
 */
export interface FieldProblem {
  key: 'field_required' | 'field_too_short' | 'field_too_long' | 'email_invalid' | 'field_invalid_option';
  params?: { min?: number; max?: number };
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

/** A plausible address (something@domain.tld); the server checks it properly. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The form's problems per field, checked in the browser before anything is sent, by the limits
 * the server checks again: a topic chosen, name, address and message filled in, the message
 * at least COMPLAINT_MESSAGE_MIN_LENGTH characters, nothing over its maximum.
 */
export function validateComplaint(form: ComplaintValues): Partial<Record<ComplaintField, FieldProblem>> {
  const problems: Partial<Record<ComplaintField, FieldProblem>> = {};
  if (form.topic === null) problems.topic = { key: 'field_required' };
  else if (!COMPLAINT_TOPICS.includes(form.topic)) problems.topic = { key: 'field_invalid_option' };
  if (form.subject.trim().length > COMPLAINT_SUBJECT_MAX_LENGTH) {
    problems.subject = { key: 'field_too_long', params: { max: COMPLAINT_SUBJECT_MAX_LENGTH } };
  }
  const length = messageLength(form.message);
  if (length === 0) problems.message = { key: 'field_required' };
  else if (length < COMPLAINT_MESSAGE_MIN_LENGTH) {
    problems.message = { key: 'field_too_short', params: { min: COMPLAINT_MESSAGE_MIN_LENGTH } };
  } else if (length > COMPLAINT_MESSAGE_MAX_LENGTH) {
    problems.message = { key: 'field_too_long', params: { max: COMPLAINT_MESSAGE_MAX_LENGTH } };
  }
  const name = form.name.trim();
  if (!name) problems.name = { key: 'field_required' };
  else if (name.length > COMPLAINT_NAME_MAX_LENGTH) {
    problems.name = { key: 'field_too_long', params: { max: COMPLAINT_NAME_MAX_LENGTH } };
  }
  const email = form.email.trim();
  if (!email) problems.email = { key: 'field_required' };
  else if (!EMAIL_PATTERN.test(email)) problems.email = { key: 'email_invalid' };
  return problems;
}

/** The request body of a checked form: trimmed, without an empty subject. */
export function complaintBody(form: ComplaintValues & { topic: ComplaintTopic }): ComplaintBody {
  const subject = form.subject.trim();
  return {
    topic: form.topic,
    ...(subject ? { subject } : {}),
    message: form.message.trim(),
    name: form.name.trim(),
    email: form.email.trim(),
  };
}
