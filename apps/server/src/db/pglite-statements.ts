import {
  messages,
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  NoopLogger,
  type ExtractTablesWithRelations,
  type Query,
} from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import {
  PgDialect,
  type PgTransactionConfig,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { PglitePreparedQuery, PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite/session';
import type { RelationalSchemaConfig, TablesRelationalConfig } from 'drizzle-orm/relations';

type Serializer = (value: unknown) => string;
type Parsers = Parameters<typeof parse.parseResults>[1];

/**
 * What PGlite keeps per instance but leaves out of its typings: the type serializers and parsers,
 * including those of array types it reads from the catalogue at start, which its own `query`
 * uses; and the two mutexes, one held by a transaction from BEGIN to its end, one per query.
 */
interface PgliteInternals {
  serializers: Record<number, Serializer>;
  parsers: Parsers;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

interface Statement {
  text: string;
  paramTypes: number[];
  /** The statement's row description, put before each execution's rows; null for no rows. */
  rowDescription: messages.RowDescriptionMessage | null;
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/**
 * Named statements on one PGlite instance, which is one PostgreSQL session: the first call of a
 * name parses and describes its text (Parse, Describe, Sync), every later call only binds values
 * and executes (Bind, Execute, Sync in one message), so PostgreSQL parses and plans the text once
 * instead of on every call as PGlite's `query` does. A protocol-level statement outlives the
 * transaction it was parsed in, as on PostgreSQL.
 */
class PgliteStatements {
  private readonly statements = new Map<string, Statement>();
  private readonly internals: PgliteInternals;

  constructor(private readonly pg: PGlite) {
    this.internals = pg as unknown as PgliteInternals;
  }

  /**
   * Runs the named statement with `params`, returning what PGlite's `query` would. Outside a
   * transaction it waits for any open transaction to end, as `query` does; inside one (the
   * caller holds the transaction mutex) it only takes its turn among queries.
   */
  run<T>(
    name: string,
    text: string,
    params: unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const execute = () =>
      this.internals._runExclusiveQuery(() => this.execute<T>(name, text, params, options, inTransaction));
    return inTransaction ? execute() : this.internals._runExclusiveTransaction(execute);
  }

  private async execute<T>(
    name: string,
    text: string,
    params: unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const { serialize } = protocol;
    try {
      const statement = this.statements.get(name) ?? (await this.parse(name, text));
      if (statement.text !== text) throw new Error(`Prepared statement "${name}" already names another SQL text`);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[i] ?? 0;
        const serializer = options.serializers?.[type] ?? this.internals.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const { messages: answer } = await this.pg.execProtocol(
        concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]),
        { syncToFs: !inTransaction },
      );
      const described = statement.rowDescription ? [statement.rowDescription, ...answer] : answer;
      const [result] = parse.parseResults(described, this.internals.parsers, options);
      return result as Results<T>;
    } catch (error) {
      // PGlite's own query names the statement and values on its errors; so do these.
      if (error instanceof messages.DatabaseError) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  private async parse(name: string, text: string): Promise<Statement> {
    const { serialize } = protocol;
    const { messages: answer } = await this.pg.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const parameters = answer.find((m): m is messages.ParameterDescriptionMessage => m.name === 'parameterDescription');
    const rows = answer.find((m): m is messages.RowDescriptionMessage => m.name === 'rowDescription');
    const statement = { text, paramTypes: parameters?.dataTypeIDs ?? [], rowDescription: rows ?? null };
    this.statements.set(name, statement);
    return statement;
  }
}

/**
 * drizzle's PGlite session, except that a query with a name (drizzle's `.prepare(name)`, which
 * `prepared()` and `runNamed` give every hot statement) runs as a named statement; drizzle's own
 * prepared query still fills placeholders and maps rows, so results are the same. An unnamed
 * query goes through PGlite's `query` as before.
 */
class NamedStatementSession<
  TFullSchema extends Record<string, unknown>,
  TSchema extends TablesRelationalConfig,
> extends PgliteSession<TFullSchema, TSchema> {
  private readonly noLogger = new NoopLogger();
  private readonly noCache = new NoopCache();

  constructor(
    private readonly pglite: PGlite,
    connection: PGlite | Transaction,
    dialect: PgDialect,
    private readonly relations: RelationalSchemaConfig<TSchema> | undefined,
    private readonly named: PgliteStatements,
    private readonly inTransaction: boolean,
  ) {
    super(connection, dialect, relations);
  }

  override prepareQuery<T extends PreparedQueryConfig = PreparedQueryConfig>(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => T['execute'],
    queryMetadata?: { type: 'select' | 'update' | 'delete' | 'insert'; tables: string[] },
  ): PglitePreparedQuery<T> {
    if (name === undefined) {
      return super.prepareQuery(
        query,
        fields,
        name,
        isResponseInArrayMode,
        customResultMapper,
        queryMetadata,
      ) as PglitePreparedQuery<T>;
    }
    const { named, inTransaction } = this;
    // drizzle's prepared query calls only `query` on its client.
    const client = {
      query: <R>(text: string, params: unknown[] = [], options: QueryOptions = {}) =>
        named.run<R>(name, text, params, options, inTransaction),
    } as unknown as PGlite;
    return new PglitePreparedQuery<T>(
      client,
      query.sql,
      query.params,
      this.noLogger,
      this.noCache,
      queryMetadata,
      undefined,
      fields,
      name,
      isResponseInArrayMode,
      customResultMapper,
    );
  }

  override transaction<T>(
    transaction: (tx: PgliteTransaction<TFullSchema, TSchema>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    return this.pglite.transaction(async (connection) => {
      const session = new NamedStatementSession<TFullSchema, TSchema>(
        this.pglite,
        connection,
        this.dialect,
        this.relations,
        this.named,
        true,
      );
      const tx = new PgliteTransaction<TFullSchema, TSchema>(this.dialect, session, this.relations);
      if (config) await tx.setTransaction(config);
      return transaction(tx);
    });
  }
}

/** drizzle over PGlite, as drizzle-orm/pglite's `drizzle({ client, schema })`, with named statements. */
export function drizzleWithNamedStatements<TSchema extends Record<string, unknown>>(
  client: PGlite,
  schema: TSchema,
): PgliteDatabase<TSchema> {
  const dialect = new PgDialect();
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  // The relational view drizzle's own driver builds from the same schema, typed as it types it.
  const relations = {
    fullSchema: schema,
    schema: tables.tables,
    tableNamesMap: tables.tableNamesMap,
  } as RelationalSchemaConfig<ExtractTablesWithRelations<TSchema>>;
  const session = new NamedStatementSession(client, client, dialect, relations, new PgliteStatements(client), false);
  const db = new PgliteDatabase(dialect, session, relations) as PgliteDatabase<TSchema> & { $client: PGlite };
  db.$client = client;
  return db;
}
