import type { Db } from '../db/client.js';
import { firms } from '../db/schema/index.js';
import { insertUser, type ProfileRow, type UserRow } from '../modules/users/users.repository.js';
import { hashPassword } from '../platform/passwords.js';

export const TEST_PASSWORD = 'Correct horse battery staple!';

/** argon2 costs ~50 ms a hash: factories share one. */
let passwordHash: Promise<string> | undefined;
const sharedHash = () => {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return passwordHash;
};

let seq = 0;
const next = () => ++seq;

export async function createFirm(db: Db, overrides: Partial<typeof firms.$inferInsert> = {}) {
  const n = next();
  const [firm] = await db
    .insert(firms)
    .values({ name: `Firm ${n}`, abbreviation: `F${n}`, ...overrides })
    .returning();
  return firm;
}

export async function createUser(
  db: Db,
  overrides: Partial<UserRow> & { profile?: Partial<Omit<ProfileRow, 'userId'>> } = {},
) {
  const n = next();
  const { profile, ...user } = overrides;
  return insertUser(
    db,
    {
      email: `user${n}@example.test`,
      firstName: `First${n}`,
      lastName: `Last${n}`,
      passwordHash: await sharedHash(),
      isActive: true,
      ...user,
    },
    { profileType: 3, ...profile },
  );
}
