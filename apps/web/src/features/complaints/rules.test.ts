import { describe, expect, it } from 'vitest';
import { emptyComplaint, messageLength } from './rules';

describe('the complaint form rules', () => {
  it('starts a form with a member’s name and address', () => {
    expect(emptyComplaint({ name: 'Sanne', email: 's@example.com' })).toMatchObject({
      name: 'Sanne',
      email: 's@example.com',
    });
  });

  it('counts the message as the server does, trimmed', () => {
    expect(messageLength('  Twee keer afgeschreven. ')).toBe(23);
  });
});
