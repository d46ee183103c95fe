import { randomUUID } from 'node:crypto';
import { ProfileType, REFRESH_WINDOW_SECONDS } from '@portal/domain';
import { type Db, openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { insertSession } from '../../src/modules/auth/sessions.repository.js';
import { TokenService } from '../../src/platform/tokens.js';
import { createFirm, createUser, fixtureTx } from '../../src/testing/factories.js';

/**
 * The keys every portal process of a proof runs with: the proof signs its people's tokens with the same
 * SECRET_KEY, and two instances on one database must share them anyway.
 */
export const PROOF_SECRETS = {
  SECRET_KEY: 'ops-proof-secret-key-0123456789-0123456789-0123456789',
  PII_ENCRYPTION_KEY: 'ops-proof-pii-key-0123456789-0123456789-0123456789-01',
};

/** A portal's database as a proof reaches it: PGlite's data folder (the server stopped) or a PostgreSQL URL. */
export type DatabaseTarget = { dataDir: string } | { databaseUrl: string };

/** Opens the database (migrated, as the server would leave it), runs `work`, closes it. */
export async function withDatabase<T>(target: DatabaseTarget, work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(target);
  try {
    await migrate(database.db);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

export interface SignedInPerson {
  userId: number;
  email: string;
  /** `Authorization` header value of a live session, as sign-in would have issued it. */
  authorization: string;
}

/**
 * `n` staff members of one new firm, each with a live session: written to the tables and signed with
 * PROOF_SECRETS' key, since a hundred sign-ins over HTTP (argon2 each) would cost seconds a proof does
 * not need to spend.
 */
export async function staffWithSessions(db: Db, n: number, firmName = 'Proof Advisers') {
  const firm = await createFirm(db, { name: firmName, abbreviation: 'PA' });
  const tokens = new TokenService(PROOF_SECRETS.SECRET_KEY, 7200);
  const now = Math.floor(Date.now() / 1000);
  const people: SignedInPerson[] = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(db, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    const session = await fixtureTx(db, (tx) =>
      insertSession(tx, {
        id: randomUUID(),
        userId: user.id,
        expiresAt: new Date((now + REFRESH_WINDOW_SECONDS) * 1000),
      }),
    );
    people.push({
      userId: user.id,
      email: user.email,
      authorization: `Bearer ${await tokens.sign(user.id, session.id, now, now)}`,
    });
  }
  return { firm, people };
}
