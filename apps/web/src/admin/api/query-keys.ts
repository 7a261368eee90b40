/** The console's query keys, all under 'admin' so logging out clears them at once. */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  dashboard: (days: number) => ['admin', 'dashboard', days] as const,
  members: (q: string) => ['admin', 'members', q] as const,
  member: (id: number) => ['admin', 'member', id] as const,
  memberVisits: (id: number) => ['admin', 'member-visits', id] as const,
  cases: (status: string, kind: string) => ['admin', 'cases', status, kind] as const,
  case: (kind: string, id: number) => ['admin', 'case', kind, id] as const,
  inbox: ['admin', 'inbox'] as const,
  inboxThread: (conversationId: number) => ['admin', 'inbox-thread', conversationId] as const,
  held: ['admin', 'held'] as const,
  sites: ['admin', 'sites'] as const,
  pageText: (domain: string, locale: string, page: string) => ['admin', 'page-text', domain, locale, page] as const,
  audit: ['admin', 'audit'] as const,
};
