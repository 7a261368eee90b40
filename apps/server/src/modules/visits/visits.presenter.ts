import type { AdminVisit, VisitorEntry } from '@app/shared';
import { presentCard, type PresentContext } from '../directory/directory.presenter.js';
import type { StaffVisitRow, VisitorRow } from './visits.repository.js';

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

/** A visit as the console lists it. */
export function presentStaffVisit(row: StaffVisitRow): AdminVisit {
  return { member_id: row.memberId, name: row.name, last_at: row.lastAt.toISOString(), count: row.count };
}
