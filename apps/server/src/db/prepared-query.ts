import type { Compilable, CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Stands for an argument (or one field of an object argument) while the query is built. */
class Slot {
  constructor(
    readonly index: number,
    readonly key: string | null,
  ) {}

  bind(args: readonly unknown[]): unknown {
    const arg = args[this.index];
    return this.key === null ? arg : (arg as Record<string, unknown>)[this.key];
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Placeholders for the arguments of the first call: a plain-object argument gets one per field. */
function slotsFor(args: readonly unknown[]): unknown[] {
  return args.map((arg, index) =>
    isPlainObject(arg)
      ? Object.fromEntries(Object.keys(arg).map((key) => [key, new Slot(index, key)]))
      : new Slot(index, null),
  );
}

/**
 * A fixed-shape hot query, built and compiled once per dialect instead of on every call: Kysely's
 * builder and compiler cost about as much CPU as SQLite running a small statement (≈25% of the server
 * under the bench:api load). `build` receives placeholders standing for the arguments and must use
 * each one only as a bound value (`where(col, '=', x)`, `set({ col: x })`, `limit(x)`): never as the
 * whole list of an `in (...)` whose length varies, to choose the query's shape, or inside JS logic — the placeholders are not the values.
 * A plain-object argument (a row for `values(row)`) stands field by field: every call must pass the
 * same keys. Runs on whatever handle it is given (database or transaction).
 */
export function preparedQuery<A extends unknown[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<QueryResult<R>> {
  // One compiled query per dialect: transactions share their database's adapter.
  const compiledByAdapter = new WeakMap<object, CompiledQuery<R>>();
  return (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let compiled = compiledByAdapter.get(adapter);
    if (!compiled) {
      compiled = build(db, ...(slotsFor(args) as A)).compile();
      compiledByAdapter.set(adapter, compiled);
    }
    const parameters = compiled.parameters.map((value) => (value instanceof Slot ? value.bind(args) : value));
    return db.executeQuery<R>({ ...compiled, parameters });
  };
}
