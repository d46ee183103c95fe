import { eq, getTableColumns, is, isSQLWrapper, type Query, SQL, sql } from 'drizzle-orm';
import {
  PgDialect,
  type PgPreparedQuery,
  type PgTable,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';

/**
 * What may run an insert or an update: a writer handed out by one of platform/audit.ts's doors (named
 * by its calls, as that file imports this one).
 */
type Writing = Executor & Pick<Db, 'insert' | 'update'>;

/**
 * Statements whose text is rendered once per shape. drizzle builds a query's tree and renders its text
 * on every call: an insert walks every column of its table (`default` for each one not given) and,
 * with `returning`, every column again; a condition is a tree of chunks checked one by one. A strategy's
 * insert (40 columns) took ~0.5 ms of the server's CPU to build, and building statements was a third of
 * the server's time on a write. A shape (the columns an insert gives, the kind of scope a read has) is
 * built once with placeholders (`sql.placeholder(name)`); a call binds its values to the kept text and
 * runs it on the session it is given (the pool or a transaction), through the same prepared query,
 * encoders and row mapping as drizzle's own `.prepare()`. A placeholder in a condition (`eq(column,
 * sql.placeholder('id'))`) reaches the driver as given, without its column's encoder: conditions bind
 * ids and text, not dates or JSON.
 */

/** Shapes kept per statement: past them, a rare shape is built each time, as drizzle does. */
const MAX_SHAPES = 64;

/** A drizzle query builder (select, insert, update, delete), or a raw statement typed by its rows (`SQL<Row[]>`). */
export type Buildable<R> = (PromiseLike<R> & { prepare(name?: string): PgPreparedQuery<PreparedQueryConfig> }) | SQL<R>;

/** What a statement needs to run again on any session: its text and placeholders, and how its rows map. */
interface Rendered {
  query: Query;
  fields?: SelectedFieldsOrdered;
  arrayMode: boolean;
  joins?: Record<string, boolean>;
  mapper?: (rows: unknown[][]) => unknown;
}

const dialect = new PgDialect();

function render(built: Buildable<unknown>): Rendered {
  if (is(built, SQL)) return { query: dialect.sqlToQuery(built), arrayMode: false };
  // Prepared on the builder's session without being sent: what drizzle would run, taken apart once.
  const prepared = built.prepare();
  const parts = prepared as unknown as {
    fields?: SelectedFieldsOrdered;
    joinsNotNullableMap?: Record<string, boolean>;
    customResultMapper?: (rows: unknown[][]) => unknown;
  };
  return {
    query: prepared.getQuery(),
    fields: parts.fields,
    arrayMode: true,
    joins: parts.joinsNotNullableMap,
    mapper: parts.customResultMapper,
  };
}

async function run(ex: Executor, rendered: Rendered, values: Record<string, unknown>) {
  const { query, fields, arrayMode, joins, mapper } = rendered;
  const prepared = ex._.session.prepareQuery(query, fields, undefined, arrayMode, mapper);
  if (joins) Object.assign(prepared, { joinsNotNullableMap: joins });
  const result = await prepared.execute(values);
  return arrayMode ? result : rowsOf(result as Parameters<typeof rowsOf>[0]);
}

/**
 * A statement of several shapes: `build` makes the shape `keyOf` names, with placeholders for the
 * values; each shape is built once (a shape without a name is built each time). A builder answers as
 * drizzle would; a raw statement with its rows.
 */
export function shapedStatement<S, R, E extends Executor = Executor>(
  keyOf: (shape: S) => string | undefined,
  build: (ex: E, shape: S) => Buildable<R>,
): (ex: E, shape: S, values: Record<string, unknown>) => Promise<R> {
  const kept = new Map<string, Rendered>();
  return async (ex, shape, values) => {
    const key = keyOf(shape);
    let rendered = key === undefined ? undefined : kept.get(key);
    if (!rendered) {
      rendered = render(build(ex, shape));
      if (key !== undefined && kept.size < MAX_SHAPES) kept.set(key, rendered);
    }
    return (await run(ex, rendered, values)) as R;
  };
}

/** A statement of one shape, built once. */
export function statement<R, E extends Executor = Executor>(
  build: (ex: E) => Buildable<R>,
): (ex: E, values: Record<string, unknown>) => Promise<R> {
  const shaped = shapedStatement<null, R, E>(
    () => '',
    (ex) => build(ex),
  );
  return (ex, values) => shaped(ex, null, values);
}

/** More rows than this in one insert are a shape each time: a bulk insert's text is its own. */
const MAX_ROWS = 20;

/** A row to write: each column's value, or SQL that makes it (`now()`), as drizzle's own inserts take. */
type Insert<T extends PgTable> = { [K in keyof T['$inferInsert']]: T['$inferInsert'][K] | SQL };

export interface InsertStatements<T extends PgTable> {
  /** Inserts the rows (each giving the same columns) and returns them as stored. */
  returning(ex: Writing, rows: readonly Insert<T>[]): Promise<T['$inferSelect'][]>;
  /** Inserts the rows; nothing is read back. */
  run(ex: Writing, rows: readonly Insert<T>[]): Promise<void>;
}

/** A table's columns, checked for what a kept shape cannot hold. */
function columnsOf(table: PgTable) {
  const columns = getTableColumns(table);
  // A value made by a function when the statement is built would be kept in the shape, once for all.
  for (const [name, column] of Object.entries(columns))
    if (column.defaultFn || column.onUpdateFn) throw new Error(`${name}: a value made in JavaScript`);
  return columns;
}

/**
 * A row's values as a shape: the columns given (a value of `undefined` is none), in the table's order,
 * each bound to a placeholder named `prefix` + column, or written as NULL. A NULL stays out of the
 * placeholders: drizzle passes a placeholder's value through the column's encoder, which turns a null
 * into the text "null" (a jsonb 'null', an invalid number), where its own build writes NULL. A value
 * that is SQL (`now()`, another column) is part of the text: such a row has no kept shape (`key`
 * undefined) and is built with its values each time.
 */
function rowShape(names: readonly string[], row: Record<string, unknown>, prefix: string) {
  const given = names.filter((n) => row[n] !== undefined);
  if (given.some((n) => isSQLWrapper(row[n])))
    return {
      key: undefined,
      slots: Object.fromEntries(given.map((n) => [n, row[n]])),
      bind: (values: Record<string, unknown>) => values,
    };
  return {
    key: given.map((n) => (row[n] === null ? `${n} null` : n)).join(','),
    /** Column → placeholder or null, to build the statement with. */
    slots: Object.fromEntries(given.map((n) => [n, row[n] === null ? null : sql.placeholder(prefix + n)])),
    /** Placeholder → value, to run it with. */
    bind(values: Record<string, unknown>) {
      for (const n of given) if (row[n] !== null) values[prefix + n] = row[n];
      return values;
    },
  };
}
type RowShape = ReturnType<typeof rowShape>;

/** A table's inserts, a shape per set of columns given (and which are NULL) and number of rows. */
export function insertStatements<T extends PgTable>(table: T): InsertStatements<T> {
  const names = Object.keys(columnsOf(table));
  /** The rows' shapes, or none when the insert is built each time (a bulk insert). */
  const insert = shapedStatement<
    { rows: readonly Insert<T>[]; shapes?: RowShape[]; returning: boolean },
    unknown,
    Writing
  >(
    (s) =>
      s.shapes?.every((r) => r.key !== undefined)
        ? `${s.returning} ${s.shapes.map((r) => r.key).join(';')}`
        : undefined,
    (ex, s) => {
      const built = ex.insert(table).values((s.shapes?.map((r) => r.slots) ?? s.rows) as Insert<T>[]);
      return s.returning ? built.returning() : built;
    },
  );
  const go = (ex: Writing, rows: readonly Insert<T>[], returning: boolean) => {
    const shapes =
      rows.length <= MAX_ROWS
        ? rows.map((row, i) => rowShape(names, row as Record<string, unknown>, `${i} `))
        : undefined;
    const values: Record<string, unknown> = {};
    for (const shape of shapes ?? []) shape.bind(values);
    return insert(ex, { rows, shapes, returning }, values);
  };
  return {
    async returning(ex, rows) {
      return rows.length ? ((await go(ex, rows, true)) as T['$inferSelect'][]) : [];
    },
    async run(ex, rows) {
      if (rows.length) await go(ex, rows, false);
    },
  };
}

export interface UpdateStatements<T extends PgTable> {
  /** Sets the values on the row of `id` and returns it as stored (none when there is no such row). */
  returning(ex: Writing, id: number, values: Partial<Insert<T>>): Promise<T['$inferSelect'][]>;
  /** Sets the values on the row of `id`; nothing is read back. */
  run(ex: Writing, id: number, values: Partial<Insert<T>>): Promise<void>;
}

/** A table's updates of one row by its `id`, a shape per set of columns set (and which to NULL). */
export function updateStatements<T extends PgTable>(table: T): UpdateStatements<T> {
  const columns = columnsOf(table);
  if (!columns.id) throw new Error('an update by id needs an id column');
  const names = Object.keys(columns);
  const update = shapedStatement<RowShape & { returning: boolean }, unknown, Writing>(
    (shape) => shape.key && `${shape.returning} ${shape.key}`,
    (ex, shape) => {
      const built = ex
        .update(table)
        .set(shape.slots as Partial<Insert<T>>)
        .where(eq(columns.id, sql.placeholder('id')));
      return shape.returning ? built.returning() : built;
    },
  );
  const go = (ex: Writing, id: number, values: Partial<Insert<T>>, returning: boolean) => {
    const shape = rowShape(names, values as Record<string, unknown>, 'set ');
    return update(ex, { ...shape, returning }, shape.bind({ id }));
  };
  return {
    async returning(ex, id, values) {
      return (await go(ex, id, values, true)) as T['$inferSelect'][];
    },
    async run(ex, id, values) {
      await go(ex, id, values, false);
    },
  };
}
