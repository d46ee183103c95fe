import type { Db } from '../db/client.js';
import { seedBenchAccounts } from './bench-accounts.js';
import { seedBenchCalendar } from './bench-calendar.js';
import { seedBenchFirmSetup } from './bench-firm-setup.js';
import { seedBenchResources } from './bench-resources.js';
import { seedBenchSupportReplies } from './bench-support-replies.js';

/**
 * The volume of the lists that have no option of their own (sessions, an advisor's clients, the staff
 * directory, SSO providers, firm links, training resources, the calendar, support conversations), at
 * `scale` times what a busy firm holds. Firm 1 (`firmIds[0]`, the administrator's) holds most of it.
 */
export async function seedBenchLists(
  db: Db,
  o: { firmIds: number[]; superId: number; adminId: number; scale: number; log: (line: string) => void },
) {
  const started = Date.now();
  const firmId = o.firmIds[0];
  const step = async (what: string, seed: () => Promise<void>) => {
    await seed();
    o.log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  await step('sessions, an advisor’s clients, staff directory entries', () =>
    seedBenchAccounts(db, { adminId: o.adminId, firmId, createdBy: o.superId, scale: o.scale }),
  );
  await step('SSO providers and firm links', () => seedBenchFirmSetup(db, { firmIds: o.firmIds, scale: o.scale }));
  await step('training resources and acknowledgements', () =>
    seedBenchResources(db, { firmId, adminId: o.adminId, scale: o.scale }),
  );
  await step('calendar events', () =>
    seedBenchCalendar(db, { firmIds: o.firmIds, createdBy: o.adminId, scale: o.scale }),
  );
  await step('support replies', () => seedBenchSupportReplies(db, { firmId, handlerId: o.adminId }));
}
