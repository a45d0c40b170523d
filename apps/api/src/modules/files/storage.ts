import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files (logos, chat attachments) live: a local folder ($DATA_DIR/files) by default,
 * or an S3-compatible bucket with STORAGE_URL (s3-storage.ts), so that several app machines share
 * them. create-file-storage.ts chooses; callers only see this interface.
 */
export interface FileStorage {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /**
   * The stored bytes as a stream, for files too big to hold at once (the data export): already open, so a
   * missing file answers null before any byte is sent. The caller reads it to the end or destroys it.
   */
  getStream(key: string): Promise<Readable | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

/**
 * Keys are made by the server, but a bad one must never reach outside the root folder or the
 * bucket's prefix: lowercase letters, digits and `/_.-`, no `..`.
 */
export function isSafeStorageKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

export function assertSafeStorageKey(key: string): void {
  if (!isSafeStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
}

export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertSafeStorageKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async getStream(key) {
      try {
        const handle = await fs.open(fileOf(key), 'r');
        // The stream closes the file when it ends or is destroyed.
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
