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
  /** This browser's push state (lib/push.ts): not capable, unknown, subscribed or denied. */
  pushState: ['push-state'],
  companyInfo: ['companyinfo'],
  interests: ['interests'],
  regions: ['regions'],
  /** GET /api/profile.php: the member's own profile with photos (the user query holds name and picture). */
  profile: ['profile'],
  /** GET /api/verification.php: the member's verification state; photo changes may end the badge. */
  verification: ['verification'],
  /** GET /api/chats.php: {chats: [{..., num_unread_messages}]} (spec section 3). */
  chats: ['chats'],
  /**
   * GET /api/chat.php?id=: a conversation as an infinite query (pages: ChatResponse, newest page
   * first, each page's messages newest first; pageParam: the `before` id). The live channel
   * adds arriving messages to the first page.
   */
  chat: (conversationId: number) => ['chat', conversationId] as const,
  /**
   * Not a request: who is typing in the conversation and when they last did (TypingState, the
   * live channel's `typing` events), or null. Read by the open chat.
   */
  typing: (conversationId: number) => ['typing', conversationId] as const,
  /** GET /api/chat.php?member_id=: the conversation with a member, before it has an id. */
  chatWithMember: (memberId: number) => ['chat-with', memberId] as const,
  /** GET /api/gifts.php: the gift catalogue. */
  gifts: ['gifts'],
  /** GET /api/likes.php: {profiles, liked_by: [{id, like_new}]} (spec section 3). */
  likes: ['likes'],
  /**
   * GET /api/visitors.php: who opened the member's profile, as an infinite query (pageParam:
   * the `before` cursor). Opening its first page clears likes.php's new_visitors.
   */
  visitors: ['visitors'],
  /** GET /api/auto-like.php: asked once per visit of the members area. */
  autoLike: ['auto-like'],
  /** GET /api/swipe.php: the swipe game's next cards and the likes left today. */
  swipe: ['swipe'],
  /** GET /api/member.php?id=: another member's profile as this viewer may see it. */
  member: (id: number) => ['member', id] as const,
  /** GET /api/blocks.php: the members the viewer blocked. */
  blocks: ['blocks'],
  /** GET /api/members.php: a member search by its filters, paged by cursor. */
  search: (filters: object) => ['search', filters] as const,
  /** GET /api/match-finder.php: the member's suggestions with their reasons. */
  matchFinder: ['match-finder'],
  /** GET /api/signup-matches.php: suggestions right after signup. */
  signupMatches: ['signup-matches'],
  /**
   * GET /api/discountcode.php?welcome=true: the member's welcome discount (the time bonus while
   * it runs), or null when there is none; per member, so a new login never shows another's.
   * Query and hook: features/time-bonus/api/get-welcome-discount.ts.
   */
  welcomeDiscount: (memberId: number) => ['welcome-discount', memberId] as const,
  /** GET /api/bundles.php: the credit bundles, their currency, the payment methods and the terms version. */
  bundles: ['bundles'],
  /** GET /api/discountcode.php?code=: one discount code as checked for this member. */
  discountCode: (code: string) => ['discountcode', code] as const,
  /** GET /api/order.php?id=: one of the member's orders (the status page polls it while pending). */
  order: (id: number) => ['order', id] as const,
  /** GET /api/transactions.php: the member's orders and credit ledger. */
  transactions: ['transactions'],
} as const;
