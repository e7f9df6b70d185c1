/**
 * Named prepared statements for the embedded database (decision 040). PGlite's query() parses, describes and
 * plans every statement on every call, in WebAssembly: on a 2-core machine the article list spent more time
 * being planned than run. Here each distinct statement text is parsed once under a name and then only bound
 * and executed; PostgreSQL keeps its plan (a generic one once it is as good as the custom ones). Semantics
 * are PGlite's own: parameter types are inferred at parse exactly as for its unnamed statements, values are
 * serialised with its serializers, rows parsed with its parsers, notifications and errors go through
 * execProtocol as in query().
 */
import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

type ParserOptions = PGlite['parsers'];

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

/** Statements worth naming: the ones drizzle sends for reads and writes (DDL and utilities run as they are). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const MAX_STATEMENTS = 300;

export interface PreparedQueryOptions {
  rowMode?: 'array' | 'object';
  /** Type oids whose text is returned unchanged (drizzle parses dates and intervals itself). */
  textTypes?: readonly number[];
}

const unchanged = (value: string) => value;

interface Named {
  name: string;
  types: number[];
}

export class PreparedStatements {
  /** Statement text → its name, oldest first (a Map keeps insertion order; a hit moves to the end). */
  private readonly named = new Map<string, Named>();
  private next = 1;
  private readonly textParsers = new Map<string, ParserOptions>();

  constructor(private readonly db: PGlite) {}

  static preparable(sql: string) {
    return PREPARABLE.test(sql);
  }

  /**
   * Runs `sql` with `params`. `inTransaction`: the caller holds an open transaction of this connection;
   * otherwise the statement waits, like query(), for any transaction to end.
   */
  query<T>(
    sql: string,
    params: unknown[],
    options: PreparedQueryOptions,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const run = () => this.db._runExclusiveQuery(() => this.run<T>(sql, params, options));
    return inTransaction ? run() : this.db._runExclusiveTransaction(run);
  }

  /**
   * PGlite's parsers with the given types left as text, built once per set: copying the whole table (every
   * type and array type) per query, as query() does with its `parsers` option, cost as much as the query.
   */
  private parsersFor(textTypes: readonly number[] | undefined): ParserOptions {
    if (!textTypes?.length) return this.db.parsers;
    const key = textTypes.join(',');
    let parsers = this.textParsers.get(key);
    if (!parsers) {
      parsers = { ...this.db.parsers, ...Object.fromEntries(textTypes.map((oid) => [oid, unchanged])) };
      this.textParsers.set(key, parsers);
    }
    return parsers;
  }

  private async run<T>(sql: string, params: unknown[], options: PreparedQueryOptions): Promise<Results<T>> {
    const messages: BackendMessage[] = [];
    const send = async (message: Uint8Array) => {
      messages.push(...(await this.db.execProtocol(message, { syncToFs: false })).messages);
    };
    try {
      const statement = await this.statementFor(sql, send);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serialise = this.db.serializers[statement.types[i] ?? 0];
        return serialise ? serialise(value) : String(value);
      });
      await send(protocol.serialize.bind({ statement: statement.name, values }));
      await send(protocol.serialize.describe({ type: 'P' }));
      await send(protocol.serialize.execute({}));
    } finally {
      // Ends the extended-protocol cycle, after an error too (the server skips to the next Sync).
      await send(protocol.serialize.sync());
    }
    const [result] = parse.parseResults(
      messages,
      this.parsersFor(options.textTypes),
      options.rowMode ? { rowMode: options.rowMode } : undefined,
    );
    return result as Results<T>;
  }

  private async statementFor(sql: string, send: (message: Uint8Array) => Promise<void>): Promise<Named> {
    const known = this.named.get(sql);
    if (known) {
      this.named.delete(sql);
      this.named.set(sql, known);
      return known;
    }
    const name = `yx_${this.next++}`;
    await send(protocol.serialize.parse({ name, text: sql }));
    const described = await this.db.execProtocol(protocol.serialize.describe({ type: 'S', name }), {
      syncToFs: false,
    });
    const statement = { name, types: parse.parseDescribeStatementResults(described.messages) };
    this.named.set(sql, statement);
    if (this.named.size > MAX_STATEMENTS) {
      const [oldestSql, oldest] = this.named.entries().next().value as [string, Named];
      this.named.delete(oldestSql);
      await send(protocol.serialize.close({ type: 'S', name: oldest.name }));
    }
    return statement;
  }
}
