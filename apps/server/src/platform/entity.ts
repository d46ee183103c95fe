import { type Actor, type AuditEntity, type Field, type FieldTable, maySet, messages } from '@portal/domain';
import { asc, desc, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { type FieldChange, REDACTED } from './audit.js';
import { forbidden } from './errors.js';
import { isoInstant } from './iso-instant.js';

/** A stored record as repositories return it: the main row's columns, and one object per group. */
export type StoredRow = Record<string, unknown>;

/** Column values to write, per group (`''` is the main table). */
export type ColumnValues = Record<string, Record<string, unknown>>;

export interface Changes {
  columns: ColumnValues;
  /** Wire name (`profile.city` inside a group) → new value: what the audit event records. */
  changed: Record<string, unknown>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/**
 * An emptied text input means "no value" where the field may have none; a field that always has a
 * value (a relay state, empty by default) keeps the empty text.
 */
const normalize = (v: unknown, field: Field) => (v === '' && field.read.safeParse(null).success ? null : v);
/** The object of `group` inside `out` (made when missing), or `out` itself for the top level. */
function holder(out: Record<string, unknown>, group: string | undefined): Record<string, unknown> {
  if (group === undefined) return out;
  if (!out[group]) out[group] = {};
  return out[group] as Record<string, unknown>;
}
const dialect = new PgDialect();
/**
 * A fragment without parameters (column names, literals), rendered to its text once: a query that
 * embeds it then copies one string instead of walking its hundred-odd chunks on every request.
 */
function frozen(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  return params.length === 0 ? sql.raw(text) : fragment;
}

/** `json_build_object` takes at most 100 arguments: larger records are built in parts and merged. */
function jsonObject(pairs: SQL[]): SQL {
  const parts: SQL[] = [];
  for (let i = 0; i < pairs.length; i += 50)
    parts.push(sql`json_build_object(${sql.join(pairs.slice(i, i + 50), sql`, `)})`);
  return parts.length === 1
    ? parts[0]
    : sql`(${sql.join(
        parts.map((p) => sql`${p}::jsonb`),
        sql` || `,
      )})::json`;
}
const wireKey = (wire: string, field: Field) => (field.group ? `${field.group}.${wire}` : wire);

/**
 * How a sortable field orders a list when its column alone does not say it: the terms, each taken in
 * the ordering's direction. A term places empty values where PostgreSQL does by default (last
 * ascending, first descending), or as it says: `nulls: 'last'` in both directions (a person without a
 * last name is not the first of a descending list), `nulls: 'smallest'` as the smallest value (first
 * ascending, last descending: who has not acknowledged yet leads the oldest-first order). A name sorts
 * by `lower(name)`; a link's kind by its kind, then its label.
 */
export type SortTerm = SQL | PgColumn | { by: SQL | PgColumn; nulls: 'last' | 'smallest' };
export type SortTerms = readonly SortTerm[];

/** A term in a direction, with its empty values placed as it asks. */
function sortTerm(term: SortTerm, descending: boolean): SQL {
  if (!('nulls' in term)) return descending ? desc(term) : asc(term);
  const nulls = term.nulls === 'last' || descending ? 'last' : 'first';
  return sql`${term.by} ${sql.raw(descending ? 'desc' : 'asc')} nulls ${sql.raw(nulls)}`;
}

export interface EntityOptions<T extends FieldTable> {
  /** Sortable fields ordered by terms of their own instead of their column (see `SortTerms`). */
  sortBy?: Partial<Record<keyof T, SortTerms>>;
}

/**
 * A group's columns: a Drizzle table, or the columns of a read that joins several (a record and its
 * current version). A column may be an SQL expression of the read instead (a count, or a name the read
 * gives in its own SQL: a report's `sql.raw('rank')`): it orders and answers like a column.
 */
type Columns = PgTable | Record<string, PgColumn | SQL>;

/** A column's Drizzle type; none for an SQL expression. */
const columnTypeOf = (column: PgColumn | SQL | undefined) => (is(column, SQL) ? undefined : column?.columnType);

/**
 * An entity's field table bound to its Drizzle tables. Everything the server derives from the table
 * lives here: the response shape, the column values of a write body (with the read-only echo check),
 * the audit diff and the ordering. Bindings are checked when the module loads, so a field naming a
 * column that does not exist fails at start-up and in every test, not in production.
 */
export function bindEntity<T extends FieldTable, const N extends string = string>(
  /**
   * The entity's name, in its load-time errors; a service that records its events as `entity.name`
   * gives it one of the audit vocabulary's names, which the audit event's type then requires.
   */
  name: N,
  fields: T,
  tables: Record<string, Columns>,
  computed: Partial<Record<keyof T, (row: StoredRow) => unknown>> = {},
  options: EntityOptions<T> = {},
) {
  const sortBy: Partial<Record<keyof T, SortTerms>> = options.sortBy ?? {};
  const columnsByGroup: Record<string, Record<string, PgColumn | SQL>> = Object.fromEntries(
    Object.entries(tables).map(([g, t]) => [g, is(t, PgTable) ? getTableColumns(t) : t]),
  );
  for (const [wire, field] of Object.entries(fields)) {
    if (wire in computed) continue;
    if (!columnsByGroup[field.group ?? '']?.[field.column])
      throw new Error(`${name}.${wire}: no column '${field.column}' in its table`);
  }
  const entries = Object.entries(fields);
  /**
   * A written value as its column takes it: an instant on the wire (an ISO 8601 text) is a Date in a
   * timestamp column; an emptied input is no value where the field may have none.
   */
  const columnValue = (field: Field, value: unknown) => {
    const v = normalize(value, field);
    const column = columnsByGroup[field.group ?? '']?.[field.column];
    return typeof v === 'string' && columnTypeOf(column) === 'PgTimestamp' ? new Date(v) : v;
  };
  const writable = entries.filter(([, f]) => f.write).map(([wire, f]) => wireKey(wire, f));
  /** Wire keys (`group.wire` inside a group) of the fields the audit trail keeps by name only. */
  const hidden = new Set(entries.filter(([, f]) => f.pii || f.secret).map(([w, f]) => wireKey(w, f)));
  const byKey = new Map(entries.map(([w, f]) => [wireKey(w, f), [w, f] as const]));
  /** The value of a wire key (`profile.city`) in a record in wire shape, groups nested. */
  const valueAt = (record: Record<string, unknown>, key: string): unknown => {
    const found = byKey.get(key);
    if (!found?.[1].group) return record[key];
    const [wire, field] = found;
    return (record[field.group as string] as Record<string, unknown> | null | undefined)?.[wire];
  };

  /** The wire shape of `picked` fields (secrets never), its field list resolved once. */
  const projection = (picked: [string, Field][]) => {
    const shown = picked.filter(([, field]) => !field.secret);
    return (row: StoredRow): Record<string, unknown> => {
      const out: Record<string, unknown> = {};
      for (const [wire, field] of shown) holder(out, field.group)[wire] = wireValue(row, wire, field);
      return out;
    };
  };

  const wireValue = (row: StoredRow, wire: string, field: Field) => {
    const fn = computed[wire as keyof T];
    if (fn) return fn(row);
    const holder = field.group ? (row[field.group] as StoredRow | null | undefined) : row;
    const value = holder?.[field.column];
    return value instanceof Date ? value.toISOString() : (value ?? null);
  };

  /**
   * The audit event's record of a write: PII and secrets by name only. Without `before`, the values
   * set (a creation, which has no before). With `before` (the stored record in wire shape the change
   * was computed against, what `changes` was given), each changed field as `{ from, to }`, a PII or
   * secret field as '[redacted]' on both sides: an examiner sees what each value was, not just what
   * it became. A value equal to its stored one is no change and left out.
   */
  const auditOf = (changed: Record<string, unknown>, before?: Record<string, unknown>): Record<string, unknown> => {
    if (!before) return Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, hidden.has(k) ? REDACTED : v]));
    const out: Record<string, FieldChange> = {};
    for (const [key, to] of Object.entries(changed)) {
      const from = valueAt(before, key);
      if (same(from, to)) continue;
      out[key] = hidden.has(key) ? { from: REDACTED, to: REDACTED } : { from: from ?? null, to: to ?? null };
    }
    return out;
  };

  const wireJson = (
    extra: Partial<Record<keyof T & string, SQL>> = {},
    more: Record<string, SQL | PgColumn> = {},
    only?: readonly (keyof T & string)[],
  ): SQL => {
    const groups = new Map<string | undefined, SQL[]>();
    for (const [wire, field] of entries) {
      if (field.secret || (only && !only.includes(wire as keyof T & string))) continue;
      let value: SQL | undefined = extra[wire as keyof T & string];
      if (!value) {
        if (wire in computed) throw new Error(`${name}.${wire}: a computed field needs its SQL for wireJson`);
        const column = columnsByGroup[field.group ?? ''][field.column];
        value = is(column, SQL)
          ? column
          : column.columnType.startsWith('PgTimestamp')
            ? isoInstant(column)
            : sql`${column}`;
      }
      const pairs = groups.get(field.group) ?? [];
      pairs.push(sql`${sql.raw(`'${wire}'`)}, ${value}`);
      groups.set(field.group, pairs);
    }
    const top = groups.get(undefined) ?? [];
    for (const [key, value] of Object.entries(more)) top.push(sql`${sql.raw(`'${key}'`)}, ${value}`);
    for (const [group, pairs] of groups)
      if (group !== undefined) top.push(sql`${sql.raw(`'${group}'`)}, ${jsonObject(pairs)}`);
    return frozen(jsonObject(top));
  };

  const orderOf = (
    ordering: string,
    terms: Partial<Record<keyof T, SortTerms>>,
    tiebreak: (PgColumn | SQL)[],
  ): SQL[] => {
    const key = ordering.replace(/^-/, '');
    const field = fields[key];
    if (!field?.sort) throw new Error(`${name}: '${key}' is not sortable`);
    const descending = ordering.startsWith('-');
    const after = tiebreak.map((c) => (is(c, SQL) ? c : asc(c)));
    const own = terms[key as keyof T];
    if (own) return [...own.map((t) => sortTerm(t, descending)), ...after];
    const column = columnsByGroup[field.group ?? ''][field.column];
    // Empty values sort last both ways: a never-signed-in user is not the "latest login".
    const primary = descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
    return [primary, ...after];
  };

  return {
    name,
    fields,

    /** The record as the API answers it: wire names, groups nested, secrets left out. */
    toWire: projection(entries),

    /**
     * The record in wire shape as one JSON value built by the database: a list of 50 rows then maps 50
     * values instead of 50 × 47 columns (a third of a users page's CPU). Same shape as `toWire`:
     * timestamps in `toISOString`'s form, secrets left out. A computed field needs its SQL in `extra`;
     * `more` adds keys beside the record's own (a list row's firm name). `only` builds some fields:
     * a list's row, which `listRow(...).json` builds.
     */
    wireJson(
      extra: Partial<Record<keyof T & string, SQL>> = {},
      more: Record<string, SQL | PgColumn> = {},
      only?: readonly (keyof T & string)[],
    ): SQL {
      return wireJson(extra, more, only);
    },

    /**
     * A list's row: the fields `only` names (the domain's `pickFields` of the list: what the screen
     * shows and its row actions read), the field list resolved once. Read as columns (`columns`, a
     * page then sorts and ships 14 columns, not the record's 60; `toWire` answers a row of them), or
     * built by the database as JSON (`json`, with `wireJson`'s computed SQL and extra keys): the
     * database's cost is per field, in planning and per row. Every list's row is made here.
     */
    listRow(only: readonly (keyof T & string)[]) {
      const picked = entries.filter(([wire]) => only.includes(wire as keyof T & string));
      return {
        /** The row's columns to select, by their row property (fields inside a group are not read this way). */
        get columns(): Record<string, PgColumn | SQL> {
          return Object.fromEntries(
            picked
              .filter(([wire]) => !(wire in computed))
              .map(([wire, field]) => {
                if (field.group) throw new Error(`${name}.${wire}: a grouped field in a list's columns`);
                return [field.column, columnsByGroup[''][field.column]];
              }),
          );
        },
        toWire: projection(picked),
        json: (extra: Partial<Record<keyof T & string, SQL>> = {}, more: Record<string, SQL | PgColumn> = {}) =>
          wireJson(extra, more, only),
      };
    },

    /** A new record's values before its body applies: no value, and false for a flag. */
    blank(): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const [wire, field] of entries) {
        if (field.secret) continue;
        holder(out, field.group)[wire] = field.read.safeParse(null).success ? null : false;
      }
      return out;
    },

    /**
     * The columns a write body changes against `current` (the stored record in wire shape, or a new
     * record's defaults). A field sent unchanged is an echo and ignored; a changed field the actor may
     * not set (or that `allowed` excludes on this route) is a 403 naming it, never silently dropped.
     * `forced` fields are the service's to set and are skipped.
     */
    changes(
      actor: Actor,
      body: Record<string, unknown>,
      current: Record<string, unknown>,
      opts: { allowed?: (wire: string) => boolean; forced?: readonly string[] } = {},
    ): Changes {
      const out: Changes = { columns: {}, changed: {} };
      for (const [wire, field] of entries) {
        const source = field.group ? (body[field.group] as Record<string, unknown> | undefined) : body;
        // A computed field is derived from other state and never stored: an echo of it, even a stale
        // one (an invitation accepted while the form was open), changes nothing and is ignored.
        if (!source || source[wire] === undefined || opts.forced?.includes(wire) || wire in computed) continue;
        const value = normalize(source[wire], field);
        const stored = field.group ? (current[field.group] as Record<string, unknown>)?.[wire] : current[wire];
        if (same(value, stored)) continue;
        if (!maySet(field, actor) || opts.allowed?.(wire) === false)
          throw forbidden(messages.settings.forbiddenField(wireKey(wire, field)));
        holder(out.columns, field.group ?? '')[field.column] = columnValue(field, value);
        out.changed[wireKey(wire, field)] = value;
      }
      return out;
    },

    /**
     * The column values of a record that has none yet: one row of a child list (new, or replacing a
     * stored row), or a new record whose every written field counts. Its writable fields as sent; a
     * field the actor may not set is refused like in `changes`.
     */
    rowColumns(actor: Actor, row: Record<string, unknown>): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const [wire, field] of entries) {
        if (row[wire] === undefined || !field.write) continue;
        if (!maySet(field, actor)) throw forbidden(messages.settings.forbiddenField(wire));
        out[field.column] = columnValue(field, row[wire]);
      }
      return out;
    },

    /** The wire names of the fields a body may write, in the table's order. */
    writable,

    auditOf,

    /**
     * The audit event's record of an update from the record before and after it (both in wire shape,
     * as read in the write's transaction): every field that differs as `{ from, to }`, including those
     * the server derived from the body (a status's closing date, a picked entry's name); with `only`,
     * those fields alone (the ones a form writes, not the time it was saved). Redacted as `auditOf`.
     */
    auditDiff(
      before: Record<string, unknown>,
      after: Record<string, unknown>,
      only?: readonly string[],
    ): Record<string, unknown> {
      const changed: Record<string, unknown> = {};
      for (const [wire, field] of entries) {
        const key = wireKey(wire, field);
        if (!field.secret && (!only || only.includes(key))) changed[key] = valueAt(after, key);
      }
      return auditOf(changed, before);
    },

    /**
     * What the audit trail keeps of a whole record (in wire shape) as created or deleted: the fields a
     * body writes, or `only` these, each as it stands, PII and secrets by name only.
     */
    auditRecord(record: Record<string, unknown>, only: readonly string[] = writable): Record<string, unknown> {
      return auditOf(Object.fromEntries(only.map((key) => [key, valueAt(record, key) ?? null])));
    },

    /**
     * `ordering=-last_name` → ORDER BY terms, the list's stable tie-breakers after it (a column in
     * ascending order, or a term as given: `desc(id)`).
     */
    orderBy(ordering: string, ...tiebreak: (PgColumn | SQL)[]): SQL[] {
      return orderOf(ordering, sortBy, tiebreak);
    },

    /**
     * `orderBy` where some fields sort by terms of this read alone (a value read per request: the
     * caller's acknowledgement of one resource), given here instead of when the entity is bound.
     */
    orderByWith(ordering: string, terms: Partial<Record<keyof T, SortTerms>>, ...tiebreak: (PgColumn | SQL)[]): SQL[] {
      return orderOf(ordering, { ...sortBy, ...terms }, tiebreak);
    },

    /** The Drizzle column of a wire name, for filters and search. */
    column(wire: keyof T & string): PgColumn {
      const field = fields[wire];
      const column = columnsByGroup[field.group ?? ''][field.column];
      if (is(column, SQL)) throw new Error(`${name}.${wire}: an expression of the read, not a column`);
      return column;
    },
  };
}

export type Entity = ReturnType<typeof bindEntity>;

/** A bound entity whose events are recorded under its name: a name of the audit vocabulary. */
export type AuditedEntity = ReturnType<typeof bindEntity<FieldTable, AuditEntity>>;

type Audited = Pick<Entity, 'auditOf'>;

/**
 * A record and its child lists (`{ records }` under each list's wire name) as the audit trail keeps a
 * snapshot of it: each field and each row's field through its own field table, so PII and secrets are
 * kept by name only and every other answer exactly as it was.
 */
export function auditSnapshot(
  entity: Audited,
  record: Record<string, unknown>,
  lists: readonly { wire: string; entity: Audited }[],
): Record<string, unknown> {
  const out = entity.auditOf(record);
  for (const list of lists) {
    const rows = (record[list.wire] as { records?: Record<string, unknown>[] } | undefined)?.records;
    if (rows) out[list.wire] = { ...(record[list.wire] as object), records: rows.map((r) => list.entity.auditOf(r)) };
  }
  return out;
}
