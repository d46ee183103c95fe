import { z } from 'zod';
import type { Actor } from '../rules/permissions.js';
import { optionalMultilineText, optionalText } from './common.js';

/**
 * Who may set a field through the API:
 * - 'server': nobody; the server sets it (an id, a submission date). A body may echo it unchanged;
 *   a body that changes it is refused with 403, never silently dropped.
 * - 'editor': whoever may edit the record.
 * - a rule of the actor (a function of `rules/permissions.ts`).
 */
export type Setter = 'server' | 'editor' | ((actor: Actor) => boolean);

export interface Field {
  /** The server's row property for it (Drizzle's camelCase key); the server binds it to its table. */
  column: string;
  /** The value as the API answers it. */
  read: z.ZodType;
  /** The value the API accepts (trimmed text, bounds, the form's own field messages). Absent: not writable. */
  write?: z.ZodType;
  set: Setter;
  /** The nested object of the wire shape that holds it (`profile` for a user's profile fields). */
  group?: string;
  /** Lists may be ordered by it, under its wire name. */
  sort?: boolean;
  /** Client PII: encrypted at rest, never in a list or a log, redacted in the audit trail. */
  pii?: boolean;
  /** Never leaves the server (a password hash). */
  secret?: boolean;
}

/**
 * An entity described once: wire name (the API's field name, `__c` included) → field. Child lists saved with
 * their parent (an attestation's rows) are entities of their own, keyed by `id` on the wire.
 */
export type FieldTable = Record<string, Field>;

/**
 * Free text that anyone editing the record may set: trimmed, bounded, empty means none; on one line
 * unless `multiline` (a textarea's notes).
 */
export const textField = (max = 255, opts: { multiline?: boolean } = {}) => ({
  read: z.string().nullable(),
  write: opts.multiline ? optionalMultilineText(max) : optionalText(max),
  set: 'editor' as const,
});

/** Keeps the literal types (groups, secrets) that the derived schemas are typed from. */
export const defineFields = <const T extends FieldTable>(fields: T) => fields;

/**
 * Some fields of a table, as a table of their own (a list's row): `readSchema` of it is the row's shape,
 * nested like the record's, and the server builds just these fields from it.
 */
export function pickFields<const T extends FieldTable, const K extends keyof T & string>(
  table: T,
  names: readonly K[],
): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, table[name]])) as Pick<T, K>;
}

type GroupOf<F> = F extends { group: infer G extends string } ? G : never;
type Visible<T extends FieldTable, G> = {
  [K in keyof T as T[K] extends { secret: true }
    ? never
    : [GroupOf<T[K]>] extends [never]
      ? G extends ''
        ? K
        : never
      : GroupOf<T[K]> extends G
        ? K
        : never]: T[K]['read'];
};
type ReadShape<T extends FieldTable> = Visible<T, ''> & {
  [G in GroupOf<T[keyof T]>]: z.ZodObject<Visible<T, G>>;
};

type Writable<T extends FieldTable, G> = {
  [K in keyof T as T[K] extends { write: z.ZodType }
    ? [GroupOf<T[K]>] extends [never]
      ? G extends ''
        ? K
        : never
      : GroupOf<T[K]> extends G
        ? K
        : never
    : never]: T[K] extends { write: infer W extends z.ZodType } ? W : never;
};
type WriteShape<T extends FieldTable> = Writable<T, ''> & {
  [G in GroupOf<T[keyof T]>]: z.ZodOptional<z.ZodObject<Writable<T, G>, z.core.$loose>>;
};
type PartialShape<S> = { [K in keyof S]: S[K] extends z.ZodType ? z.ZodOptional<S[K]> : never };

/** The wire names of each group: `''` is the top level. */
export function groupsOf(table: FieldTable): Record<string, [string, Field][]> {
  const groups: Record<string, [string, Field][]> = { '': [] };
  for (const entry of Object.entries(table)) {
    const group = entry[1].group ?? '';
    groups[group] = [...(groups[group] ?? []), entry];
  }
  return groups;
}

function shapeOf(
  table: FieldTable,
  pick: (wire: string, field: Field) => z.ZodType | undefined,
  wrapGroup: (shape: z.ZodRawShape) => z.ZodType,
): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = {};
  for (const [group, entries] of Object.entries(groupsOf(table))) {
    const inner: Record<string, z.ZodType> = {};
    for (const [wire, field] of entries) {
      const type = pick(wire, field);
      if (type) inner[wire] = type;
    }
    if (group === '') Object.assign(shape, inner);
    else if (Object.keys(inner).length) shape[group] = wrapGroup(inner);
  }
  return shape;
}

/** The response shape: every field but the secret ones, nested as the wire nests them. */
export function readSchema<const T extends FieldTable>(table: T): z.ZodObject<ReadShape<T>> {
  return z.object(
    shapeOf(
      table,
      (_, f) => (f.secret ? undefined : f.read),
      (s) => z.object(s),
    ),
  ) as unknown as z.ZodObject<ReadShape<T>>;
}

/**
 * A write body: the writable fields with their write types. Anything else a client echoes back
 * (read-only fields, a list's extra columns) passes here and is judged by the server against the
 * stored record. `only` limits a route to some fields, `partial` makes each optional, `override`
 * replaces a field's type on that route.
 */
export function writeSchema<const T extends FieldTable>(table: T): z.ZodObject<WriteShape<T>, z.core.$loose>;
export function writeSchema<const T extends FieldTable>(
  table: T,
  opts: { only: ReadonlySet<string>; partial: true; override?: Record<string, z.ZodType> },
): z.ZodObject<
  PartialShape<Writable<T, ''>> & {
    [G in GroupOf<T[keyof T]>]: z.ZodOptional<z.ZodObject<PartialShape<Writable<T, G>>, z.core.$loose>>;
  },
  z.core.$loose
>;
export function writeSchema(
  table: FieldTable,
  opts: { only?: ReadonlySet<string>; partial?: boolean; override?: Record<string, z.ZodType> } = {},
) {
  return z.looseObject(
    shapeOf(
      table,
      (wire, f) => {
        if (!f.write || (opts.only && !opts.only.has(wire))) return undefined;
        const type = opts.override?.[wire] ?? f.write;
        return opts.partial ? type.optional() : type;
      },
      (s) => z.looseObject(s).optional(),
    ),
  );
}

/**
 * A body of the writable fields alone, each with its write type: anything else sent is dropped, not
 * judged (the echo check of `writeSchema` is for forms that send the whole record back). For a record
 * without groups whose form sends only its inputs.
 */
export function fieldsBody<const T extends FieldTable>(table: T): z.ZodObject<Writable<T, ''>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [wire, field] of Object.entries(table)) {
    if (field.group) throw new Error(`fieldsBody: ${wire} is in a group`);
    if (field.write) shape[wire] = field.write;
  }
  return z.object(shape) as unknown as z.ZodObject<Writable<T, ''>>;
}

/**
 * The `ordering` values a list accepts: each sortable wire name, ascending or descending (`-name`), in
 * the table's order or in `order` (the order the list's message names them in). A name in `order`
 * that is not sortable is a mistake, caught when the module loads.
 */
export function orderingsOf<const T extends FieldTable>(
  table: T,
  order?: readonly (keyof T & string)[],
): [string, ...string[]] {
  const sortable = Object.keys(table).filter((wire) => table[wire].sort);
  if (order && (order.length !== sortable.length || order.some((n) => !table[n]?.sort)))
    throw new Error(`orderingsOf: ${order.join(', ')} are not the sortable fields ${sortable.join(', ')}`);
  return (order ?? sortable).flatMap((n) => [n, `-${n}`]) as [string, ...string[]];
}

/** Who may set a field: the server's check and the web's choice to show an input are this one rule. */
export function maySet(field: Field, actor: Actor): boolean {
  if (field.set === 'server' || !field.write) return false;
  return field.set === 'editor' || field.set(actor);
}
