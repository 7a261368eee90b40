import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../db/seed/demo/people.js';
import { staffPasswordProblem } from './staff.rules.js';

describe('staffPasswordProblem', () => {
  it('accepts a long password of many characters', () => {
    expect(staffPasswordProblem('correct horse battery', 'anna@example.com')).toBeNull();
  });

  it('refuses short, overlong, published, repetitive and address-based passwords', () => {
    expect(staffPasswordProblem('short-pass1', 'anna@example.com')).toMatch(/at least 12/);
    expect(staffPasswordProblem('x'.repeat(201), 'anna@example.com')).toMatch(/at most 200/);
    expect(staffPasswordProblem(DEMO_STAFF.password, 'anna@example.com')).toMatch(/demo/);
    expect(staffPasswordProblem('abcabcabcabcabc', 'anna@example.com')).toMatch(/6 different/);
    expect(staffPasswordProblem('Operator-2025!x', 'operator@example.com')).toMatch(/e-mail/);
  });
});
