import type { LikeEntry } from '@app/shared';
import { presentCard, type PresentContext } from '../directory/directory.presenter.js';
import type { LikeRow } from './likes.repository.js';

/** One like of a list: the other member's id and card with the like's flags. */
export function presentLikeEntry(row: LikeRow, context: PresentContext): LikeEntry {
  return { id: row.id, like_new: row.likeNew, match: row.match, card: presentCard(row, context) };
}
