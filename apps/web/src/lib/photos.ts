/** The photo order, as the member's photo manager and the console's site-profile editor change it. */

/**
 * The photo ids after moving one a place to the left (-1) or right (+1); null when it cannot
 * move that way.
 */
export function movePhoto(ids: readonly number[], id: number, direction: -1 | 1): number[] | null {
  const from = ids.indexOf(id);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const order = [...ids];
  order[from] = ids[to]!;
  order[to] = id;
  return order;
}
