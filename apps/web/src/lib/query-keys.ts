/**
 * Query keys shared across features. Features never import each other; they meet in the
 * query cache, so the keys they meet under live here.
 */
export const queryKeys = {
  settings: ['settings'],
  user: ['user'],
  /** GET /api/account.php: the member's e-mail, invisible mode and notification switches. */
  account: ['account'],
  pushSubscription: ['push-subscription'],
  companyInfo: ['companyinfo'],
  interests: ['interests'],
  regions: ['regions'],
  /** GET /api/profile.php: the member's own profile with photos (the user query holds name and picture). */
  profile: ['profile'],
  /** GET /api/chats.php: {chats: [{..., num_unread_messages}]} (spec section 3). */
  chats: ['chats'],
  /** GET /api/likes.php: {profiles, liked_by: [{id, like_new}]} (spec section 3). */
  likes: ['likes'],
  /** GET /api/member.php?id=: another member's profile as this viewer may see it. */
  member: (id: number) => ['member', id] as const,
  /** GET /api/blocks.php: the members the viewer blocked. */
  blocks: ['blocks'],
} as const;
