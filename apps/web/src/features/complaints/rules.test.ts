import { COMPLAINT_MESSAGE_MAX_LENGTH, COMPLAINT_MESSAGE_MIN_LENGTH } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { complaintBody, emptyComplaint, validateComplaint, type ComplaintValues } from './rules';

const filled = (overrides: Partial<ComplaintValues> = {}): ComplaintValues => ({
  topic: 'payment',
  subject: '',
  message: 'Twee keer afgeschreven.',
  name: 'Sanne',
  email: 'sanne@example.com',
  ...overrides,
});

describe('validateComplaint', () => {
  it('accepts a filled-in form', () => {
    expect(validateComplaint(filled())).toEqual({});
  });

  it('asks for every required field of an empty form', () => {
    expect(validateComplaint(emptyComplaint())).toEqual({
      topic: { key: 'field_required' },
      message: { key: 'field_required' },
      name: { key: 'field_required' },
      email: { key: 'field_required' },
    });
  });

  it('counts the message as the server does, without surrounding spaces', () => {
    const short = ` ${'x'.repeat(COMPLAINT_MESSAGE_MIN_LENGTH - 1)}  `;
    expect(validateComplaint(filled({ message: short })).message).toEqual({
      key: 'field_too_short',
      params: { min: COMPLAINT_MESSAGE_MIN_LENGTH },
    });
    expect(validateComplaint(filled({ message: 'x'.repeat(COMPLAINT_MESSAGE_MAX_LENGTH) })).message).toBeUndefined();
    expect(validateComplaint(filled({ message: 'x'.repeat(COMPLAINT_MESSAGE_MAX_LENGTH + 1) })).message).toEqual({
      key: 'field_too_long',
      params: { max: COMPLAINT_MESSAGE_MAX_LENGTH },
    });
  });

  it('refuses an address without a domain, and over-long name and subject', () => {
    expect(validateComplaint(filled({ email: 'sanne@', name: 'n'.repeat(101), subject: 's'.repeat(201) }))).toEqual({
      email: { key: 'email_invalid' },
      name: { key: 'field_too_long', params: { max: 100 } },
      subject: { key: 'field_too_long', params: { max: 200 } },
    });
  });
});

describe('complaintBody', () => {
  it('trims the texts and leaves out an empty subject', () => {
    expect(complaintBody({ ...filled({ name: ' Sanne ', subject: '  ' }), topic: 'payment' })).toEqual({
      topic: 'payment',
      message: 'Twee keer afgeschreven.',
      name: 'Sanne',
      email: 'sanne@example.com',
    });
  });

  it('starts a form with a member’s name and address', () => {
    expect(emptyComplaint({ name: 'Sanne', email: 's@example.com' })).toMatchObject({
      name: 'Sanne',
      email: 's@example.com',
    });
  });
});
