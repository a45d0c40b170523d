import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './storage.ts';

// The local folder's storage (the default without STORAGE_URL); the S3 one is in s3-storage.test.ts.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-local-storage-'));
const storage = createLocalStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// Every byte value, several read chunks' worth, so that a stream cut short or re-encoded shows.
const bytes = Buffer.from(Array.from({ length: 300 * 1024 }, (_, i) => (i * 7) % 256));

describe('local storage', () => {
  it('gives the stored bytes back, whole and as a stream', async () => {
    await storage.put('attachments/1/a', bytes);
    // Buffer.equals: a deep comparison of 300 KB byte by byte takes seconds.
    expect((await storage.get('attachments/1/a'))?.equals(bytes)).toBe(true);
    const stream = await storage.getStream('attachments/1/a');
    expect(stream).not.toBeNull();
    expect(Buffer.concat((await stream?.toArray()) ?? []).equals(bytes)).toBe(true);
  });

  it('answers null for a missing file, and the stream of a deleted one too', async () => {
    expect(await storage.get('attachments/never/stored')).toBeNull();
    expect(await storage.getStream('attachments/never/stored')).toBeNull();
    await storage.put('attachments/2/b', bytes);
    await storage.delete('attachments/2/b');
    expect(await storage.getStream('attachments/2/b')).toBeNull();
  });

  it('refuses keys that could reach outside its folder', async () => {
    for (const key of ['../escape', 'logos/../../escape', '/absolute', '']) {
      await expect(storage.getStream(key)).rejects.toThrow('invalid storage key');
    }
  });
});
