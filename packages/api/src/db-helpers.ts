/**
 * The pieces every repository builds its SQL from, written once: the caller's store
 * scope, the store's own row, and LIKE patterns for text a user typed.
 *
 * The scope helpers answer a Kysely expression, so one helper serves both the query
 * builder and raw `sql` templates:
 *
 *   db.selectFrom('vendors').where(inStore(storeId))            // store_id = $1
 *   db.selectFrom('order_lines as l').where(inStore(storeId, 'l'))
 *   sql`select ... from inventory_items i where ${inStore(storeId, 'i')}`
 */
import { CompiledQuery, sql, type Compilable, type Kysely, type QueryResult, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '@pos/db';

/** Column references made once each: a hot statement's scope need not parse its reference again. */
const refs = new Map<string, RawBuilder<unknown>>();
function ref(name: string): RawBuilder<unknown> {
  let found = refs.get(name);
  if (!found) refs.set(name, (found = sql.ref(name)));
  return found;
}

/** `[alias.]column = id`, the id sent as int8 text (as the builder sends a bigint). */
/**
 * When the day after `day` starts in the time zone `timeZone` (a column), as timestamptz:
 * the end of a period [start, end). For 9999-12-31, the last day a date input may name,
 * the last instant of the year 9999 in UTC instead: the next day, in the year 10000, is
 * past what the embedded database (PGlite) and a JavaScript Date read back hold.
 */
export function dayAfterStart(day: string, timeZone: RawBuilder<unknown>): RawBuilder<Date> {
  return sql<Date>`(case when ${day}::date >= date '9999-12-31' then timestamptz '9999-12-31 23:59:59.999+00' else ((${day}::date + 1)::timestamp at time zone ${timeZone}) end)`;
}

function columnIs(column: string, alias: string | undefined, id: number | bigint): RawBuilder<SqlBool> {
  return sql<SqlBool>`${ref(alias ? `${alias}.${column}` : column)} = ${BigInt(id)}`;
}

/**
 * A select list for a raw `sql` statement from builder-style columns (`name`,
 * `column as alias`, `t.column as alias`; each qualified by `table` when given), made once where the statement is declared:
 * the till's hot statements are raw templates, which skip the builder's work on every
 * call (docs/PERFORMANCE.md, Checkout), and share their column lists with the builder's.
 */
export function columnList(columns: readonly string[], table?: string): RawBuilder<unknown> {
  return sql.raw(
    columns
      .map((c) => {
        const [column, alias] = c.split(' as ');
        const qualified = table ? `${table}.${column}` : column!;
        return alias ? `${qualified} as "${alias}"` : table ? `${qualified} as "${column}"` : qualified;
      })
      .join(', '),
  );
}

/**
 * Scopes a query to the caller's store: `[alias.]store_id = storeId`. Every store-scoped
 * table has `store_id`, and every query of one filters by it (another store's rows are
 * never seen, and are answered as not found).
 */
export function inStore(storeId: number | bigint, alias?: string): RawBuilder<SqlBool> {
  return columnIs('store_id', alias, storeId);
}

/** The caller's store's own row of `stores`: `[alias.]id = storeId`. */
export function isStoreRow(storeId: number | bigint, alias?: string): RawBuilder<SqlBool> {
  return columnIs('id', alias, storeId);
}

/** Text a user typed, lower-cased, with LIKE's wildcards (and its escape) taken literally. */
function likeLiteral(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern for lower-cased text containing `text` anywhere. */
export function likeContains(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** A LIKE pattern for lower-cased text starting with `text`. */
export function likePrefix(text: string): string {
  return `${likeLiteral(text)}%`;
}

/** Stands for a statement's argument while its shape is compiled (`compiledByShape`). */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A statement whose text depends only on its shape (which filters it has, how many ids),
 * compiled by Kysely once per shape instead of on every call: `build` is called once per
 * shape with a placeholder for each argument, and each later call fills the compiled
 * text's parameters with that call's arguments. Kysely's builder and compiler cost a
 * light read call about what its own statements cost in pg (docs/PERFORMANCE.md, "Read
 * paths"). `build` chooses by `shape` alone (its arguments are placeholders then) and
 * passes each argument into the statement as a value, untouched (no `BigInt()` or
 * pattern of it: the caller gives it in its final form).
 */
export function compiledByShape<A extends readonly unknown[], R>(
  build: (db: Kysely<Database>, shape: string, ...args: A) => Compilable<R> | RawBuilder<R>,
): (db: Kysely<Database>, shape: string, ...args: A) => Promise<QueryResult<R>> {
  const shapes = new Map<string, { sql: string; parameters: readonly unknown[] }>();
  return (db, shape, ...args) => {
    let compiled = shapes.get(shape);
    if (!compiled) {
      const built = build(db, shape, ...(args.map((_, i) => new Slot(i)) as unknown as A));
      // A raw template compiles against a database; a builder carries its own.
      compiled = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      shapes.set(shape, compiled);
    }
    const { sql: text, parameters } = compiled;
    return db.executeQuery<R>(CompiledQuery.raw(text, parameters.map((p) => (p instanceof Slot ? args[p.index] : p))));
  };
}

/** `[alias.]store_id = $n` for `compiledByShape`: the store's id given as the int8 the statement sends. */
export function inStoreSlot(storeId: bigint, alias?: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${ref(alias ? `${alias}.store_id` : 'store_id')} = ${storeId}`;
}
