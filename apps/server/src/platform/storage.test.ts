import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createStorage, InvalidStorageKeyError, LocalStorage, type Storage } from './storage.js';

let root: string;
let storage: Storage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  storage = new LocalStorage(path.join(root, 'files'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const text = async (stream: Readable | null) => {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
};

describe('local storage', () => {
  it('keeps bytes put as a buffer and gives them back as a stream', async () => {
    expect(await storage.put('disclosures/1/a.pdf', Buffer.from('%PDF-1.7 one'))).toEqual({ size: 12 });
    expect(await storage.exists('disclosures/1/a.pdf')).toBe(true);
    expect(await text(await storage.get('disclosures/1/a.pdf'))).toBe('%PDF-1.7 one');
  });

  it('keeps bytes put as a stream, counting their size', async () => {
    const body = Readable.from([Buffer.from('first '), Buffer.from('second')]);
    expect(await storage.put('streams/b.txt', body)).toEqual({ size: 12 });
    expect(await text(await storage.get('streams/b.txt'))).toBe('first second');
  });

  it('replaces a key in one step and leaves no temporary file behind', async () => {
    await storage.put('same/key.bin', Buffer.from('old'));
    await storage.put('same/key.bin', Buffer.from('new'));
    expect(await text(await storage.get('same/key.bin'))).toBe('new');
    expect(await readdir(path.join(root, 'files', '.tmp'))).toEqual([]);
  });

  it('keeps the old file when a streamed write fails half way', async () => {
    await storage.put('broken/c.bin', Buffer.from('whole'));
    const failing = new Readable({
      read() {
        this.push(Buffer.from('part'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('broken/c.bin', failing)).rejects.toThrow('client went away');
    expect(await text(await storage.get('broken/c.bin'))).toBe('whole');
    expect(await readdir(path.join(root, 'files', '.tmp'))).toEqual([]);
  });

  it('lists every stored key, never a half-written upload', async () => {
    await writeFile(path.join(root, 'files', '.tmp', 'half-written'), 'x');
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys).toEqual(expect.arrayContaining(['disclosures/1/a.pdf', 'streams/b.txt', 'same/key.bin']));
    expect(keys.some((k) => k.startsWith('.tmp'))).toBe(false);
    for await (const key of new LocalStorage(path.join(root, 'never-made')).list()) expect.unreachable(key);
  });

  it('answers null and false for a key never stored, and deletes idempotently', async () => {
    expect(await storage.get('nothing/here')).toBeNull();
    expect(await storage.exists('nothing/here')).toBe(false);
    await storage.put('gone/d', Buffer.from('x'));
    await storage.delete('gone/d');
    await storage.delete('gone/d');
    expect(await storage.exists('gone/d')).toBe(false);
  });

  it('refuses keys that could leave the root or name the temporary folder', async () => {
    await writeFile(path.join(root, 'secret.txt'), 'outside');
    for (const key of ['../secret.txt', 'a/../../secret.txt', '/etc/passwd', '.tmp/x', 'a//b', 'a\\b', '', 'a/./b']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.get(key), key).rejects.toThrow(InvalidStorageKeyError);
    }
    expect(await readFile(path.join(root, 'secret.txt'), 'utf8')).toBe('outside');
  });
});

describe('storage configuration', () => {
  it('uses DATA_DIR/files by default and an S3 bucket when S3_BUCKET is set', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: root, SECRET_KEY: 'k'.repeat(40), PII_ENCRYPTION_KEY: 'p'.repeat(40) };
    expect(loadConfig(env).storage).toEqual({ driver: 'local', root: path.join(root, 'files') });
    const s3 = loadConfig({
      ...env,
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).storage;
    expect(s3).toEqual({
      driver: 's3',
      bucket: 'portal-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(createStorage(s3).constructor.name).toBe('S3Storage');
  });
});
