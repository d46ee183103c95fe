import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../testing/s3-server.js';
import { createStorage, InvalidStorageKeyError, type Storage, type StorageConfig } from './storage.js';

/**
 * The S3 driver against a real S3-compatible server (s3rver, started here on a free port): what the
 * portal stores in a bucket is what it reads back.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let config: StorageConfig;
let storage: Storage;

beforeAll(async () => {
  s3 = await startS3Server();
  config = s3.config;
  storage = createStorage(config);
});
afterAll(() => s3?.close());

const text = async (stream: Readable | null) => {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
};

describe('S3 storage against a local S3-compatible server', () => {
  it('keeps bytes put as a buffer or a stream and gives them back as a stream', async () => {
    expect(await storage.put('client-documents/1/2/a.pdf', Buffer.from('%PDF-1.7 one'))).toEqual({ size: 12 });
    expect(await storage.exists('client-documents/1/2/a.pdf')).toBe(true);
    expect(await text(await storage.get('client-documents/1/2/a.pdf'))).toBe('%PDF-1.7 one');
    const body = Readable.from([Buffer.from('first '), Buffer.from('second')]);
    expect(await storage.put('streams/b.txt', body)).toEqual({ size: 12 });
    expect(await text(await storage.get('streams/b.txt'))).toBe('first second');
  });

  it('replaces a key whole', async () => {
    await storage.put('same/key.bin', Buffer.from('old'));
    await storage.put('same/key.bin', Buffer.from('new'));
    expect(await text(await storage.get('same/key.bin'))).toBe('new');
  });

  it('lists every key of the bucket, page after page', async () => {
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys).toEqual(expect.arrayContaining(['client-documents/1/2/a.pdf', 'streams/b.txt', 'same/key.bin']));
  });

  it('answers null and false for a key never stored, and deletes idempotently', async () => {
    expect(await storage.get('nothing/here')).toBeNull();
    expect(await storage.exists('nothing/here')).toBe(false);
    await storage.put('gone/d', Buffer.from('x'));
    await storage.delete('gone/d');
    await storage.delete('gone/d');
    expect(await storage.exists('gone/d')).toBe(false);
  });

  it('refuses the keys the local driver refuses, before any request', async () => {
    for (const key of ['../secret.txt', '/etc/passwd', '.tmp/x', 'a//b'])
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(InvalidStorageKeyError);
  });

  it('reports refused credentials as an error, never as a missing file', async () => {
    const wrong = createStorage({ ...s3.config, accessKeyId: 'NOT-A-KEY' });
    await expect(wrong.get('client-documents/1/2/a.pdf')).rejects.toThrow();
  });
});
