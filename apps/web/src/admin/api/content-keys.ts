/** Query keys of the console's content screens, under 'admin' so logging out clears them. */
export const contentKeys = {
  siteProfiles: ['admin', 'site-profiles'] as const,
  siteProfile: (id: number) => ['admin', 'site-profile', id] as const,
  photoReview: ['admin', 'photo-review'] as const,
  verification: ['admin', 'verification'] as const,
};
