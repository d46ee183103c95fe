import { type Actor, type Field, type FieldTable, maySet, messages } from '@portal/domain';
import { asc, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { type FieldChange, REDACTED } from './audit.js';
import { forbidden } from './errors.js';

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
/** An emptied text input means "no value". */
const normalize = (v: unknown) => (v === '' ? null : v);
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

/** A timestamp column as the wire's instant, in `toISOString`'s form, rendered by the database. */
export const isoInstant = (column: PgColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An entity's field table bound to its Drizzle tables. Everything the server derives from the table
 * lives here: the response shape, the column values of a write body (with the read-only echo check),
 * the audit diff and the ordering. Bindings are checked when the module loads, so a field naming a
 * column that does not exist fails at start-up and in every test, not in production.
 */
export function bindEntity<T extends FieldTable>(
  name: string,
  fields: T,
  tables: Record<string, PgTable>,
  computed: Partial<Record<keyof T, (row: StoredRow) => unknown>> = {},
) {
  const columnsOf = Object.fromEntries(Object.entries(tables).map(([g, t]) => [g, getTableColumns(t)]));
  for (const [wire, field] of Object.entries(fields)) {
    if (wire in computed) continue;
    if (!columnsOf[field.group ?? '']?.[field.column])
      throw new Error(`${name}.${wire}: no column '${field.column}' in its table`);
  }
  const entries = Object.entries(fields);
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

  return {
    name,
    fields,

    /**
     * `toWire` of some fields only (a list's summary row), the field list resolved once: a page of 50
     * rows then visits their 14 fields, not the record's 60.
     */
    toWireOf(only: readonly (keyof T & string)[]): (row: StoredRow) => Record<string, unknown> {
      return projection(entries.filter(([wire]) => only.includes(wire as keyof T & string)));
    },

    /** The record as the API answers it: wire names, groups nested, secrets left out. */
    toWire: projection(entries),

    /**
     * The record in wire shape as one JSON value built by the database: a list of 50 rows then maps 50
     * values instead of 50 × 47 columns (a third of a users page's CPU). Same shape as `toWire`:
     * timestamps in `toISOString`'s form, secrets left out. A computed field needs its SQL in `extra`;
     * `more` adds keys beside the record's own (a list row's firm name). `only` builds some fields (a
     * list's row, `pickFields`' names): the database's cost is per field, in planning and per row.
     */
    wireJson(
      extra: Partial<Record<keyof T & string, SQL>> = {},
      more: Record<string, SQL | PgColumn> = {},
      only?: readonly (keyof T & string)[],
    ): SQL {
      const groups = new Map<string | undefined, SQL[]>();
      for (const [wire, field] of entries) {
        if (field.secret || (only && !only.includes(wire as keyof T & string))) continue;
        let value: SQL | undefined = extra[wire as keyof T & string];
        if (!value) {
          if (wire in computed) throw new Error(`${name}.${wire}: a computed field needs its SQL for wireJson`);
          const column = columnsOf[field.group ?? ''][field.column];
          value = column.columnType.startsWith('PgTimestamp') ? isoInstant(column) : sql`${column}`;
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
        const value = normalize(source[wire]);
        const stored = field.group ? (current[field.group] as Record<string, unknown>)?.[wire] : current[wire];
        if (same(value, stored)) continue;
        if (!maySet(field, actor) || opts.allowed?.(wire) === false)
          throw forbidden(messages.settings.forbiddenField(wireKey(wire, field)));
        holder(out.columns, field.group ?? '')[field.column] = value;
        out.changed[wireKey(wire, field)] = value;
      }
      return out;
    },

    /**
     * The column values of one row of a child list (new, or replacing a stored row): its writable
     * fields as sent. A field the actor may not set is refused like on the parent.
     */
    rowColumns(actor: Actor, row: Record<string, unknown>): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const [wire, field] of entries) {
        if (row[wire] === undefined || !field.write) continue;
        if (!maySet(field, actor)) throw forbidden(messages.settings.forbiddenField(wire));
        out[field.column] = normalize(row[wire]);
      }
      return out;
    },

    auditOf,

    /**
     * The audit event's record of an update from the record before and after it (both in wire shape,
     * as read in the write's transaction): every field that differs as `{ from, to }`, including those
     * the server derived from the body (a status's closing date, a picked entry's name). Redacted as
     * `auditOf`.
     */
    auditDiff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
      const changed: Record<string, unknown> = {};
      for (const [wire, field] of entries) {
        const key = wireKey(wire, field);
        if (!field.secret) changed[key] = valueAt(after, key);
      }
      return auditOf(changed, before);
    },

    /** `ordering=-last_name` → ORDER BY terms, the list's stable tie-breakers after it. */
    orderBy(ordering: string, ...tiebreak: PgColumn[]): SQL[] {
      const key = ordering.replace(/^-/, '');
      const field = fields[key];
      if (!field?.sort) throw new Error(`${name}: '${key}' is not sortable`);
      const column = columnsOf[field.group ?? ''][field.column];
      // Empty values sort last both ways: a never-signed-in user is not the "latest login".
      const primary = ordering.startsWith('-') ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
      return [primary, ...tiebreak.map((c) => asc(c))];
    },

    /** The Drizzle column of a wire name, for filters and search. */
    column(wire: keyof T & string): PgColumn {
      const field = fields[wire];
      return columnsOf[field.group ?? ''][field.column];
    },
  };
}

export type Entity = ReturnType<typeof bindEntity>;

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
