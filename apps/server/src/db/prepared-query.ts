import type { Compilable, CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A broken rule of `preparedQuery`: thrown at the first call, so any test that runs the query sees it. */
export class PreparedQueryMisuse extends Error {
  override name = 'PreparedQueryMisuse';
}

/** Stands for an argument (or one field of an object argument) while the query is built. */
class Slot {
  constructor(
    readonly index: number,
    readonly key: string | null,
  ) {}

  get label(): string {
    return this.key === null
      ? `argument ${this.index + 1}`
      : `field "${this.key}" of argument ${this.index + 1}`;
  }

  bind(args: readonly unknown[]): unknown {
    const arg = args[this.index];
    return this.key === null ? arg : (arg as Record<string, unknown>)[this.key];
  }

  // Comparing, computing with or printing a placeholder means the build used it as a value.
  [Symbol.toPrimitive](): never {
    throw new PreparedQueryMisuse(
      `preparedQuery: ${this.label} was used in JavaScript while building the query; use it only as a bound value`,
    );
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Placeholders for the arguments of the first call: a plain-object argument gets one per field. */
function slotsFor(args: readonly unknown[]): unknown[] {
  return args.map((arg, index) => {
    if (Array.isArray(arg)) {
      throw new PreparedQueryMisuse(
        `preparedQuery: argument ${index + 1} is an array; a list's length changes the SQL, so build that query per call`,
      );
    }
    return isPlainObject(arg)
      ? Object.fromEntries(Object.keys(arg).map((key) => [key, new Slot(index, key)]))
      : new Slot(index, null);
  });
}

/** Every placeholder must end up as a parameter of the SQL; one that did not steered the build instead. */
function checkAllBound(slots: readonly unknown[], compiled: CompiledQuery): void {
  const bound = new Set(compiled.parameters.filter((value) => value instanceof Slot));
  for (const slot of slots.flatMap((s) => (s instanceof Slot ? [s] : Object.values(s as object)))) {
    if (!bound.has(slot)) {
      throw new PreparedQueryMisuse(
        `preparedQuery: ${(slot as Slot).label} is not a bound value of the query`,
      );
    }
  }
}

/**
 * SQLite compiles a statement again at every run when its LIMIT or OFFSET is a bound parameter (see
 * sqlite/literal-limit-compiler.ts), so a prepared query's must be literals: a constant, or
 * `preparedQueryWithLimit` for one that varies.
 */
function checkLiteralLimit(compiled: CompiledQuery): void {
  if (/\b(limit|offset) \?/i.test(compiled.sql)) {
    throw new PreparedQueryMisuse(
      'preparedQuery: a LIMIT or OFFSET argument is bound; use preparedQueryWithLimit (a literal per value)',
    );
  }
}

/** SQL texts compiled by `preparedQuery`: fixed, so worth preparing once per connection (PostgreSQL). */
const preparedSql = new Set<string>();

/** Whether this SQL is a `preparedQuery`'s (see postgres/named-statements.ts). */
export function isPreparedSql(sql: string): boolean {
  return preparedSql.has(sql);
}

/** The field names of each plain-object argument of the first call (null for the other arguments). */
const keysOf = (args: readonly unknown[]) =>
  args.map((arg) => (isPlainObject(arg) ? Object.keys(arg) : null));

/** Later calls must give each object argument exactly the fields the compiled query was built with. */
function checkSameKeys(expected: readonly (string[] | null)[], args: readonly unknown[]): void {
  for (let i = 0; i < expected.length; i++) {
    const keys = expected[i];
    if (!keys) continue;
    const arg = args[i] as Record<string, unknown>;
    const actual = Object.keys(arg);
    if (actual.length !== keys.length || keys.some((key) => !Object.hasOwn(arg, key))) {
      throw new PreparedQueryMisuse(
        `preparedQuery: argument ${i + 1} has fields [${actual.join(', ')}], the query was built with [${keys.join(', ')}]`,
      );
    }
  }
}

/**
 * A fixed-shape hot query, built and compiled once per dialect instead of on every call: Kysely's
 * builder and compiler cost about as much CPU as SQLite running a small statement (≈25% of the server
 * under the bench:api load). `build` receives placeholders standing for the arguments; each one must
 * end up as a bound value (`where(col, '=', x)`, `set({ col: x })`, `limit(x)`). Checked, throwing
 * `PreparedQueryMisuse`: an array argument (an `in (...)` list changes the SQL with its length); a
 * placeholder compared, computed with or never bound (it chose the query's shape); an object argument
 * (a row for `values(row)`, bound field by field) whose fields differ from the first call's. Runs on
 * whatever handle it is given (database or transaction).
 */
export function preparedQuery<A extends unknown[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<QueryResult<R>> {
  // One compiled query per dialect: transactions share their database's adapter.
  const compiledByAdapter = new WeakMap<object, CompiledQuery<R>>();
  let objectKeys: (string[] | null)[] | null = null;
  const compiledFor = (db: Db, args: A): CompiledQuery<R> => {
    if (objectKeys) checkSameKeys(objectKeys, args);
    const adapter = db.getExecutor().adapter;
    let compiled = compiledByAdapter.get(adapter);
    if (!compiled) {
      const slots = slotsFor(args);
      compiled = build(db, ...(slots as A)).compile();
      checkAllBound(slots, compiled);
      checkLiteralLimit(compiled);
      compiledByAdapter.set(adapter, compiled);
      preparedSql.add(compiled.sql);
      objectKeys ??= keysOf(args);
    }
    return compiled;
  };
  return (db, ...args) => {
    let compiled: CompiledQuery<R>;
    try {
      compiled = compiledFor(db, args);
    } catch (error) {
      return Promise.reject(error);
    }
    const parameters = compiled.parameters.map((value) => (value instanceof Slot ? value.bind(args) : value));
    return db.executeQuery<R>({ ...compiled, parameters });
  };
}

/**
 * A `preparedQuery` whose first argument, a whole number, is its LIMIT written into the SQL: one
 * compiled query per value (page sizes and settings, validated by their schemas). `build` receives the
 * number itself, for `.limit(limit)`; the other arguments are placeholders as in `preparedQuery`.
 */
export function preparedQueryWithLimit<A extends unknown[], R>(
  build: (db: Db, limit: number, ...args: A) => Compilable<R>,
): (db: Db, limit: number, ...args: A) => Promise<QueryResult<R>> {
  const byLimit = new Map<number, (db: Db, ...args: A) => Promise<QueryResult<R>>>();
  return (db, limit, ...args) => {
    if (!Number.isSafeInteger(limit) || limit < 0) {
      return Promise.reject(
        new PreparedQueryMisuse(`preparedQueryWithLimit: limit ${limit} is not a whole number`),
      );
    }
    let query = byLimit.get(limit);
    if (!query) {
      query = preparedQuery((handle, ...rest: A) => build(handle, limit, ...rest));
      byLimit.set(limit, query);
    }
    return query(db, ...args);
  };
}
