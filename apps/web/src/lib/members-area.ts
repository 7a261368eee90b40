/** The members area of the spec (section 1): members, members-id, chats, likes, likes-m-id, premium. */
export function isMembersArea(pathname: string): boolean {
  return /^\/(members(\/\d+)?|chats|likes(\/.*)?|premium)\/?$/.test(pathname);
}
