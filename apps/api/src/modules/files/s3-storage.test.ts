import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { type FakeS3, startFakeS3 } from '../../test/fakes/s3.ts';
import { createFileStorage } from './create-file-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

let s3: FakeS3;
let storage: FileStorage;

beforeAll(async () => {
  s3 = await startFakeS3();
  storage = createS3Storage({
    bucket: s3.bucket,
    prefix: 'uploads',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await s3?.close();
});

// Every byte value, so that no text encoding on the way can go unnoticed.
const bytes = Buffer.from(Array.from({ length: 1024 }, (_, i) => i % 256));

describe('S3 storage', () => {
  it('stores the bytes under the prefix and gives the same bytes back', async () => {
    await storage.put('logos/1/a.webp', bytes);
    expect(await storage.get('logos/1/a.webp')).toEqual(bytes);
    expect(await s3.object('uploads/logos/1/a.webp')).toEqual(bytes);
  });

  it('deletes the object from the server, and deleting it again is fine', async () => {
    await storage.put('attachments/2/b', bytes);
    await storage.delete('attachments/2/b');
    expect(await storage.get('attachments/2/b')).toBeNull();
    expect(await s3.keys()).not.toContain('uploads/attachments/2/b');
    await expect(storage.delete('attachments/2/b')).resolves.toBeUndefined();
  });

  it('answers null for a missing object', async () => {
    expect(await storage.get('logos/never/stored.webp')).toBeNull();
    expect(await storage.getStream('logos/never/stored.webp')).toBeNull();
  });

  it('gives the same bytes back as a stream, for the data export', async () => {
    await storage.put('attachments/4/big', bytes);
    const stream = await storage.getStream('attachments/4/big');
    expect(stream).not.toBeNull();
    expect(Buffer.concat((await stream?.toArray()) ?? [])).toEqual(bytes);
  });

  it('refuses keys that could reach outside its prefix, sending nothing', async () => {
    const before = await s3.keys();
    for (const key of ['../escape', 'logos/../../escape', '/absolute', 'Logos/Upper.png', '']) {
      await expect(storage.put(key, bytes)).rejects.toThrow('invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.getStream(key)).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
    }
    expect(await s3.keys()).toEqual(before);
  });

  it('fails, rather than answering "missing", when the bucket does not exist', async () => {
    const wrong = createS3Storage({
      bucket: 'no-such-bucket',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await expect(wrong.get('logos/1/a.webp')).rejects.toThrow();
  });

  it('is what the app uses when STORAGE_URL is set, and nothing goes to the local folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-files-'));
    try {
      const fromEnv = createFileStorage(loadEnv({ DATA_DIR: dataDir, ...s3.env('app') }));
      await fromEnv.put('logos/3/c.webp', bytes);
      expect(await s3.object('app/logos/3/c.webp')).toEqual(bytes);
      expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
