import { describe, expect, it } from 'vitest';
import { activityOf } from './activity';

describe('activityOf', () => {
  it('says online before recently active, and nothing for neither', () => {
    expect(activityOf({ online: true, recently_active: true })).toBe('online');
    expect(activityOf({ online: false, recently_active: true })).toBe('recent');
    expect(activityOf({ online: false, recently_active: false })).toBeNull();
  });
});
