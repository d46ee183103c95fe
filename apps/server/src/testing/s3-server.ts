import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../platform/storage.js';

/**
 * A real S3-compatible server for a test file (s3rver: the S3 REST API over a temporary folder, on a
 * free port of 127.0.0.1) with one bucket, and the storage configuration that points at it.
 */
export async function startS3Server() {
  const dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'portal-files', configs: [] }],
  });
  const { port } = await server.run();
  const config: Extract<StorageConfig, { driver: 's3' }> = {
    driver: 's3',
    bucket: 'portal-files',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's fixed credentials: requests are signed (SigV4) as for any S3 endpoint.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    config,
    /** Where the bucket's objects lie on disk: what the test may look at besides the API. */
    dir,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
