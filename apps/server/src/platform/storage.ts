import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';

/**
 * Where the portal keeps files (disclosure versions, later documents and vaults): one interface over
 * the local disk under DATA_DIR or an S3-compatible bucket. Keys are the caller's, made of plain path
 * segments ('disclosures/3/crs/<uuid>.pdf'); the database keeps the key, never a path or a URL.
 */
export interface Storage {
  /** Stores the bytes under the key (replacing what was there); a reader never sees a partial file. */
  put(key: string, body: Buffer | Readable): Promise<{ size: number }>;
  /** The stored bytes as a stream, or null when nothing is stored under the key. */
  get(key: string): Promise<Readable | null>;
  /** Removes the key; removing an absent key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored key, in no set order (the backup reads them all). */
  list(): AsyncIterable<string>;
}

export type StorageConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };

export class InvalidStorageKeyError extends Error {}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * A key is one to eight segments of letters, digits, '.', '_' and '-', each starting with a letter or
 * digit: no '..', no absolute path, no backslash, nothing a disk or a bucket reads differently.
 */
export function isStorageKey(key: string): boolean {
  const segments = key.split('/');
  return key.length <= 512 && segments.length <= 8 && segments.every((s) => SEGMENT.test(s));
}

/** The key, or an InvalidStorageKeyError naming it (see isStorageKey). */
export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(`not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

export function createStorage(config: StorageConfig): Storage {
  return config.driver === 's3' ? new S3Storage(config) : new LocalStorage(config.root);
}

/** Files under a root folder. A write goes to a temporary file in the same root, then is renamed in place. */
export class LocalStorage implements Storage {
  private readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of a key; checked to stay under the root even if the key rule were ever loosened. */
  private fileOf(key: string) {
    const file = path.resolve(this.root, checkKey(key));
    if (!file.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError('key escapes the storage root');
    return file;
  }

  async put(key: string, body: Buffer | Readable) {
    const file = this.fileOf(key);
    // '.tmp' cannot be a key's first segment (keys start with a letter or digit): no key ever names it.
    const tmpDir = path.join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    let size = 0;
    try {
      // Bytes in hand are written whole; a stream is counted as it passes.
      if (Buffer.isBuffer(body)) {
        await writeFile(tmp, body, { flag: 'wx', mode: 0o600 });
        size = body.length;
      } else
        await pipeline(
          body,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              size += chunk.length;
              yield chunk;
            }
          },
          createWriteStream(tmp, { flags: 'wx', mode: 0o600 }),
        );
      // rename is atomic within one file system: a reader opens the old file or the whole new one.
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return { size };
  }

  async get(key: string) {
    const file = this.fileOf(key);
    if (!(await this.exists(key))) return null;
    return createReadStream(file);
  }

  async delete(key: string) {
    await rm(this.fileOf(key), { force: true });
  }

  async *list(): AsyncIterable<string> {
    let entries: { name: string; parentPath: string; isFile(): boolean }[];
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      // Half-written uploads in '.tmp' are no key.
      if (SEGMENT.test(key.split('/')[0])) yield key;
    }
  }

  async exists(key: string) {
    try {
      return (await stat(this.fileOf(key))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }
}

async function readWhole(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * An S3-compatible bucket (AWS, MinIO, R2 ...). An object is written whole by PUT, so it is never
 * partial. The SDK is loaded only when a bucket is configured: a server on local disk never pays for it.
 */
export class S3Storage implements Storage {
  private readonly sdk = import('@aws-sdk/client-s3');
  private client: Promise<S3Client> | undefined;
  private readonly bucket: string;
  constructor(private readonly config: Extract<StorageConfig, { driver: 's3' }>) {
    this.bucket = config.bucket;
  }

  private async send<T>(make: (sdk: Awaited<S3Storage['sdk']>) => unknown): Promise<T> {
    const sdk = await this.sdk;
    const c = this.config;
    this.client ??= Promise.resolve(
      new sdk.S3Client({
        region: c.region,
        endpoint: c.endpoint,
        forcePathStyle: c.forcePathStyle,
        credentials:
          c.accessKeyId && c.secretAccessKey
            ? { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey }
            : undefined,
      }),
    );
    return (await (await this.client).send(make(sdk) as never)) as T;
  }

  private async missing(err: unknown) {
    const sdk = await this.sdk;
    return err instanceof sdk.NoSuchKey || err instanceof sdk.NotFound;
  }

  async put(key: string, body: Buffer | Readable) {
    checkKey(key);
    // A PUT needs the length up front; the files stored here are bounded (a disclosure: 10 MB), so a
    // stream is read whole rather than sent as a multipart upload.
    const bytes = Buffer.isBuffer(body) ? body : await readWhole(body);
    await this.send(
      (sdk) => new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentLength: bytes.length }),
    );
    return { size: bytes.length };
  }

  async get(key: string) {
    checkKey(key);
    try {
      const res = await this.send<{ Body?: unknown }>(
        (sdk) => new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return res.Body instanceof Readable ? res.Body : null;
    } catch (err) {
      if (await this.missing(err)) return null;
      throw err;
    }
  }

  async delete(key: string) {
    checkKey(key);
    await this.send((sdk) => new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.send<{ Contents?: { Key?: string }[]; NextContinuationToken?: string }>(
        (sdk) => new sdk.ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.NextContinuationToken;
    } while (token);
  }

  async exists(key: string) {
    checkKey(key);
    try {
      await this.send((sdk) => new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (await this.missing(err)) return false;
      throw err;
    }
  }
}
