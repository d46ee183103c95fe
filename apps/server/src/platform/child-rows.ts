import { messages } from '@portal/domain';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type AuditedTx, sameValue } from './audit.js';
import { badRequest } from './errors.js';
import { insertStatements, shapedStatement } from './statements.js';

/** A child list as the wire sends it: rows with an id are kept rows, rows without one are new. */
export type IncomingRow = Record<string, unknown>;

export interface ChildBinding {
  table: PgTable;
  id: PgColumn;
  /** The column naming the parent. */
  parent: PgColumn;
  /** The wire name of the list, for field messages (`securities.2.id`). */
  wire: string;
  /** A row's column values from its wire row (the child entity's field table does this). */
  toColumns(row: IncomingRow): Record<string, unknown>;
  /** The wire name of a row's id: `id`, or `Id` on records whose wire names end in `__c`. */
  idKey?: string;
  /**
   * Whether stored rows the list leaves out are deleted (the default). An attestation keeps them: its
   * rows are removed one by one through their own delete call.
   */
  removeMissing?: boolean;
}

export interface ChildChanges {
  added: number;
  updated: number;
  removed: number;
}

/**
 * Saves a child list with its parent, in the parent's transaction: rows without an id are inserted,
 * rows with one are updated, stored rows the list no longer names are deleted (unless the binding
 * keeps them). An id that is not one of this parent's rows is a 400 on that row, so a list can never
 * reach into another record's rows.
 */
export async function saveChildRows(
  tx: AuditedTx,
  binding: ChildBinding,
  parentId: number,
  rows: IncomingRow[],
): Promise<ChildChanges> {
  const parentColumn = binding.parent.name;
  const idProperty = propertyOf(binding.table, binding.id.name);
  const statements = statementsOf(binding);
  const stored = new Map(
    (await statements.stored(tx, binding, { parentId })).map((r) => [
      Number((r as Record<string, unknown>)[idProperty]),
      r as Record<string, unknown>,
    ]),
  );
  const storedIds = new Set(stored.keys());
  const idKey = binding.idKey ?? 'id';
  const idOf = (row: IncomingRow) => (row[idKey] == null ? null : Number(row[idKey]));
  const keptIds = new Set<number>();
  rows.forEach((row, index) => {
    const id = idOf(row);
    if (id === null) return;
    if (!storedIds.has(id) || keptIds.has(id)) {
      throw badRequest(messages.http.rowNotOwned, { [`${binding.wire}.${index}.${idKey}`]: messages.http.rowNotOwned });
    }
    keptIds.add(id);
  });

  const removed = binding.removeMissing === false ? [] : [...storedIds].filter((id) => !keptIds.has(id));
  if (removed.length)
    await tx.delete(binding.table).where(and(eq(binding.parent, parentId), inArray(binding.id, removed)));
  const parentKey = propertyOf(binding.table, parentColumn);
  const added: Record<string, unknown>[] = [];
  let updated = 0;
  for (const row of rows) {
    const values = binding.toColumns(row);
    const id = idOf(row);
    if (id === null) added.push({ ...values, [parentKey]: parentId });
    else {
      // A form sends its kept rows back whole: only the columns that differ are written, and a row sent
      // back as stored costs no statement. A value in another form than the stored one counts as
      // changed and is written, which is never wrong.
      const before = stored.get(id) as Record<string, unknown>;
      const changed = Object.fromEntries(
        Object.entries(values).filter(([key, value]) => !sameValue(before[key], value)),
      );
      if (!Object.keys(changed).length) continue;
      await tx
        .update(binding.table)
        .set(changed)
        .where(and(eq(binding.id, id), eq(binding.parent, parentId)));
      updated++;
    }
  }
  // The new rows in one statement, their ids in the list's order.
  await statements.insert.run(tx, added);
  return { added: added.length, updated, removed: removed.length };
}

/** A child table's statements, built once per table. */
const kept = new WeakMap<PgTable, ReturnType<typeof childStatements>>();
function statementsOf(binding: ChildBinding) {
  let found = kept.get(binding.table);
  if (!found) {
    found = childStatements(binding.table);
    kept.set(binding.table, found);
  }
  return found;
}
const childStatements = (table: PgTable) => ({
  /** A parent's stored rows, by the column the binding names as the parent. */
  stored: shapedStatement(
    (binding: ChildBinding) => binding.parent.name,
    (tx: AuditedTx, binding) =>
      tx
        .select()
        .from(table)
        .where(eq(binding.parent, sql.placeholder('parentId'))),
  ),
  insert: insertStatements(table),
});

/** Drizzle inserts by property name; the binding names the column. */
function propertyOf(table: PgTable, columnName: string): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c.name === columnName);
  if (!entry) throw new Error(`no property for column ${columnName}`);
  return entry[0];
}
