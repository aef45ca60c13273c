/**
 * Records the exact SQL (text, parameters, first result row) that one API call runs, by
 * running the call through createCaller on a Kysely instance whose log and a small plugin
 * capture every statement. The baseline server replays these recordings.
 */
import type { KyselyPlugin, LogConfig, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { appRouter, createCallerFactory, DEFAULT_API_CONFIG, parseStoreId, type Context } from '@pos/api';
import { createDb, type DbHandle } from '@pos/db';
import { BENCH_SCRYPT_COST } from './generate';

export interface Statement {
  sql: string;
  params: unknown[];
  /** The first row the statement answered, to chain fresh values in a replay. */
  firstRow: Record<string, unknown> | null;
  /**
   * Statements of one call that share a number were running at once (the call awaited
   * them together, each on a pool connection of its own: a dashboard's counters), so a
   * replay runs them at once too; absent for transaction control.
   */
  together?: number;
}

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

export type BenchIdentity = { token: string | null; storeId: unknown; role: string | null };

/** The API's procedures called in this process as `identity` would call them (no HTTP), on `db`. */
export function benchCaller(db: Context['db'], identity: BenchIdentity = { token: null, storeId: null, role: null }): Caller {
  return createCaller({
    db,
    config: { ...DEFAULT_API_CONFIG, scryptCost: BENCH_SCRYPT_COST },
    log: { error: console.error, warn() {}, info() {} },
    ip: '127.0.0.1',
    identity: { ...identity, storeId: parseStoreId(identity.storeId) },
    setSessionCookie: () => {},
    setResponseHeader: () => {},
  });
}

export interface Recorder {
  handle: DbHandle;
  /** Runs `call` and answers the statements it ran, in order. */
  record: <T>(call: (caller: Caller) => Promise<T>, identity?: BenchIdentity) => Promise<{ result: T; statements: Statement[] }>;
}

/**
 * Each statement's first row, and which statements ran at once: a statement that starts
 * while another is still running joins that one's group (numbered in start order, which
 * on the recorder's one connection is also the order they run and are logged in).
 */
class ResultCapture implements KyselyPlugin {
  rows: (Record<string, unknown> | null)[] = [];
  groups: number[] = [];
  #running = 0;
  #group = 0;
  reset() {
    this.rows = [];
    this.groups = [];
    this.#running = 0;
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.#running === 0) this.#group++;
    this.#running++;
    this.groups.push(this.#group);
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.#running--;
    this.rows.push(args.result.rows[0] ?? null);
    return Promise.resolve(args.result);
  }
}

/** A recorder on the database at `url`, or on one `open` makes with the given query log. */
export async function createRecorder(url: string | ((log: LogConfig) => Promise<DbHandle>)): Promise<Recorder> {
  let statements: { sql: string; params: unknown[] }[] = [];
  const log: LogConfig = (event) => {
    if (event.level === 'query') statements.push({ sql: event.query.sql, params: [...event.query.parameters] });
  };
  const handle = typeof url === 'string' ? await createDb({ url, poolSize: 1, log }) : await url(log);
  const capture = new ResultCapture();
  const db = handle.db.withPlugin(capture);
  return {
    handle,
    async record(call, identity) {
      statements = [];
      capture.reset();
      const result = await call(benchCaller(db, identity));
      // Let the fire-and-forget session touch (if any) land before the next recording.
      await new Promise((r) => setTimeout(r, 20));
      // Transaction control statements are logged but never reach a plugin's result hook.
      // Statements in a transaction run one after another on its connection, whatever the
      // call awaited together.
      let row = 0;
      let inTransaction = false;
      const paired = statements.map((s): Statement => {
        const control = /^(begin|commit|rollback)\b/i.exec(s.sql.trim())?.[1]?.toLowerCase();
        if (control) {
          inTransaction = control === 'begin';
          return { ...s, firstRow: null };
        }
        const at = row++;
        return { ...s, firstRow: capture.rows[at] ?? null, ...(inTransaction ? {} : { together: capture.groups[at]! }) };
      });
      return { result, statements: paired.filter((s) => !/^\s*update "sessions" set "last_used_at"/.test(s.sql)) };
    },
  };
}
