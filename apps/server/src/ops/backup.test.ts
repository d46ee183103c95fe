import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { createStorage } from '../platform/storage.js';
import { startS3Server } from '../testing/s3-server.js';
import { backup, restore } from './backup.js';

/**
 * The backup of files kept in an S3 bucket (the round trips of whole portals are the ops proofs,
 * ops-tests/backup.test.ts). A bucket may be shared: objects that are no storage key are named, not copied.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let dir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  dir = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a backup of a portal whose files are in S3', () => {
  it("copies the portal's files and names, without copying, the bucket's other objects; restores beside them", async () => {
    const config = {
      ...loadConfig({ DATA_DIR: path.join(dir, 'data'), NODE_ENV: 'test' }, () => {}, 'skip'),
      storage: s3.config,
    };
    const database = await openDatabase({ dataDir: config.dataDir });
    await migrate(database.db);
    await database.close();
    await createStorage(s3.config).put('client-documents/1/2/a.pdf', Buffer.from('%PDF-1.7 kept'));
    const client = new S3Client({
      region: s3.config.region,
      endpoint: s3.config.endpoint,
      forcePathStyle: true,
      credentials: {
        accessKeyId: s3.config.accessKeyId as string,
        secretAccessKey: s3.config.secretAccessKey as string,
      },
    });
    for (const Key of ['Shared Folder/minutes.txt', '.trash/old.txt'])
      await client.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key, Body: 'not the portal' }));
    client.destroy();

    const lines: string[] = [];
    const archive = path.join(dir, 'portal.tar.gz');
    await backup(config, archive, (line) => lines.push(line));

    expect(lines).toContain('files: 1 from the bucket portal-files (13 bytes)');
    expect(lines).toContain(
      `not backed up, not the portal's (no storage key): ".trash/old.txt", "Shared Folder/minutes.txt"`,
    );
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.filter((p) => p.startsWith('files/') && !p.endsWith('/'))).toEqual([
      'files/client-documents/1/2/a.pdf',
    ]);

    // Restored into the same bucket: refused while it holds the portal's files, the others may stay.
    const storage = createStorage(s3.config);
    const elsewhere = { ...config, dataDir: path.join(dir, 'restored') };
    await expect(restore(elsewhere, archive, () => {})).rejects.toThrow(
      'The file store (the bucket portal-files) already holds portal files: restore into one without them (other objects may stay).',
    );
    await storage.delete('client-documents/1/2/a.pdf');
    await restore(elsewhere, archive, () => {});
    expect(await storage.exists('client-documents/1/2/a.pdf')).toBe(true);
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys.sort()).toEqual(['.trash/old.txt', 'Shared Folder/minutes.txt', 'client-documents/1/2/a.pdf']);
  }, 90_000); // a backup and a restore of a whole portal: 15 s alone, more beside other suites
});
