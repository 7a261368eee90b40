/**
 * `npm run ledger:check -w @app/server`: checks that every member's credit balance is the sum
 * of their ledger rows, on the database the server would use (DATABASE_URL or DATA_DIR).
 * Prints the members checked and every mismatch; exits 1 on any mismatch.
 */
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { runLedgerCheck } from './ledger-check.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
try {
  const { mismatches } = await runLedgerCheck(database.db, (line) => process.stdout.write(`${line}\n`));
  process.exitCode = mismatches.length > 0 ? 1 : 0;
} finally {
  await database.close();
}
