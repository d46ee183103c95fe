import { canEditDirectory, canReadDirectory, type EmployeeBody, type EmployeeListQuery } from '@portal/domain';
import { writeAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer } from '../../platform/list.js';
import {
  DIRECTORY_READS,
  employeeEntity,
  findEmployee,
  listEmployees,
  saveEntry,
  toEmployeeDto,
} from './employees.repository.js';

function readable(ctx: Ctx) {
  if (!canReadDirectory(ctx.actor)) throw forbidden();
}

/** A member outside the caller's firm (or no longer listed) is absent: 404, never a hint. */
async function visibleMember(ctx: Ctx, id: number) {
  readable(ctx);
  const row = await findEmployee(ctx.deps.db, ctx.scope('directory'), id);
  if (!row) throw notFound();
  return row;
}

async function editableMember(ctx: Ctx, id: number) {
  const row = await visibleMember(ctx, id);
  if (!canEditDirectory(ctx.actor)) throw forbidden();
  return row;
}

export async function list(ctx: Ctx, q: EmployeeListQuery) {
  readable(ctx);
  const scope = ctx.scope('directory');
  return keptAnswer(ctx, DIRECTORY_READS, answerKey('staff directory', scope, q), async () => {
    const { rows, count } = await listEmployees(ctx.deps.db, scope, q, q);
    return { count, results: rows.map(toEmployeeDto) };
  });
}

export async function get(ctx: Ctx, id: number) {
  return toEmployeeDto(await visibleMember(ctx, id));
}

export async function update(ctx: Ctx, id: number, body: EmployeeBody) {
  const row = await editableMember(ctx, id);
  const current = toEmployeeDto(row);
  const { columns, changed } = employeeEntity.changes(ctx.actor, body, current);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    await saveEntry(tx, id, columns[''] ?? {});
    record({
      action: 'update',
      entity: 'staff_directory_entry',
      entityId: id,
      firmId: row.firmId,
      changes: employeeEntity.auditOf(changed, current),
    });
  });
  return get(ctx, id);
}

/** Takes the person out of the directory; the account, and everything it signed, stays. */
export async function removeMember(ctx: Ctx, id: number) {
  const row = await editableMember(ctx, id);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    await saveEntry(tx, id, { removedAt: new Date() });
    record({
      action: 'update',
      entity: 'staff_directory_entry',
      entityId: id,
      firmId: row.firmId,
      changes: { removed: { from: false, to: true } },
    });
  });
}
