import type { VisitorEntry } from '@app/shared';
import { presentCard, type PresentContext } from '../directory/directory.presenter.js';
import type { VisitorRow } from './visits.repository.js';

/** One visitor of the list: their card (the directory's) with the visit's time, count and new flag. */
export function presentVisitor(row: VisitorRow, context: PresentContext): VisitorEntry {
  return {
    id: row.id,
    last_visit: row.lastAt.toISOString(),
    visits: row.count,
    new: row.isNew,
    card: presentCard(row, context),
  };
}
