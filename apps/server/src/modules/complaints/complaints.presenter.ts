import { complaintReference, type Complaint } from '@app/shared';
import type { ComplaintRow } from './complaints.repository.js';

/** A stored complaint as its sender sees it: the id and the reference to quote. */
export function presentComplaint(row: Pick<ComplaintRow, 'id'>): Complaint {
  return { id: row.id, reference: complaintReference(row.id) };
}
