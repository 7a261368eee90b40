import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.js';

/** A drizzle query that can be prepared: a select, insert, update or delete builder. */
interface Preparable<P> {
  prepare(name: string): P;
}

/** Where a prepared statement takes the value named `name` at each call. */
export const bound = (name: string): Placeholder => sql.placeholder(name);

/** Prepared statements of each database handle, by name; a closed handle takes its own along. */
const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * The hot read paths' statements: `build` runs once per database handle and process, with
 * `sql.placeholder(...)` where values go, and every later call only binds values. The name makes
 * it a named statement, so each pooled PostgreSQL connection, or the PGlite instance
 * (pglite-statements.ts), parses and plans its text once.
 *
 * A name is one SQL text: a query whose shape varies (optional filters) puts its shape in the
 * name, and the shapes must be few. In a transaction the query is built for that transaction
 * (a statement prepared on the pool would run outside it), still under its name.
 */
export function prepared<P>(db: DbOrTx, name: string, build: (db: DbOrTx) => Preparable<P>): P {
  if (db instanceof PgTransaction) return build(db).prepare(name);
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  const hit = byName.get(name) as P | undefined;
  if (hit) return hit;
  const statement = build(db).prepare(name);
  byName.set(name, statement);
  return statement;
}

/** A bigint column as a driver answers it outside the query builder: a string, a bigint or a number. */
export type IdValue = string | number | bigint;

/**
 * Runs a fixed SQL text with positional parameters as a named prepared statement, in the
 * caller's transaction when given one: for statements the query builder cannot express (data-
 * modifying CTEs). Each PostgreSQL connection, or the PGlite instance, parses and plans the
 * text once and then only binds values. Rows come as the driver answers them (bigint columns are
 * converted by the caller).
 */
export async function runNamed<Row>(db: DbOrTx, name: string, text: string, params: unknown[]): Promise<Row[]> {
  const query = db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
    { sql: text, params },
    undefined,
    name,
    false,
  );
  return (await query.execute()).rows;
}

/** The numbers as one bigint[] value of a statement (`unnest(...)`, `= any(...)`), for executeRows. */
export function bigintArray(values: readonly number[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::bigint[]`;
}

/**
 * Runs a statement the query builder cannot express (lateral subqueries with a row's own limit,
 * unnest of arrays) and answers its rows: db.execute answers rows on PGlite and a result object
 * on node-postgres. Planned at each call; hot paths use runNamed.
 */
export async function executeRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
