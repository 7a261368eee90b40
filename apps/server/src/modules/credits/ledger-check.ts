import type { DbOrTx } from '../../db/client.js';
import { compareBalancesWithLedger, type LedgerMismatch } from './credits.repository.js';

/** Mismatches listed one per line; the rest are only counted. */
const LISTED = 50;

export interface LedgerCheck {
  checked: number;
  mismatches: LedgerMismatch[];
}

/**
 * Checks that every member's credit balance equals the sum of their ledger rows (`npm run
 * ledger:check`), writing what it found line by line: the members checked, then each
 * mismatch.
 */
export async function runLedgerCheck(db: DbOrTx, write: (line: string) => void): Promise<LedgerCheck> {
  const result = await compareBalancesWithLedger(db);
  write(`members checked: ${result.checked}`);
  write(`mismatches: ${result.mismatches.length}`);
  for (const m of result.mismatches.slice(0, LISTED)) {
    write(`  member ${m.memberId}: balance ${m.balance}, ledger sum ${m.ledgerSum}`);
  }
  if (result.mismatches.length > LISTED) write(`  ... and ${result.mismatches.length - LISTED} more`);
  return result;
}
