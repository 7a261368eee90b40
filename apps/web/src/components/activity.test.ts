import { describe, expect, it } from 'vitest';
import { activityOf } from './activity';

describe('activityOf', () => {
  it('says online before active today before active this week, and nothing for none', () => {
    expect(activityOf({ online: true, recently_active: true, active_this_week: true })).toBe('online');
    expect(activityOf({ online: false, recently_active: true, active_this_week: true })).toBe('today');
    expect(activityOf({ online: false, recently_active: false, active_this_week: true })).toBe('week');
    expect(activityOf({ online: false, recently_active: false, active_this_week: false })).toBeNull();
  });
});
