/**
 * Values of the profile options (spec section 3); their labels are translated per key. A module
 * of their own, apart from constants.ts: only the profile, member and console pages use them,
 * so they stay out of the chunk every page loads first.
 */
export const PROFILE_OPTIONS = {
  hair_color: ['blond', 'brown', 'black', 'red', 'grey', 'other'],
  eye_color: ['blue', 'green', 'brown', 'grey', 'hazel'],
  body_type: ['slim', 'athletic', 'average', 'curvy', 'full'],
  relationship_status: ['single', 'divorced', 'widowed', 'separated', 'in_relationship'],
  tattoos: ['none', 'some', 'many'],
  reason: ['relationship', 'dating', 'friendship', 'adventure', 'chat'],
} as const;
export type ProfileOption = keyof typeof PROFILE_OPTIONS;
