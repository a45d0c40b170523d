import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Local files under $DATA_DIR now; an S3-compatible implementation can
 * take its place without callers changing.
 */
export interface FileStorage {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    // Keys are made by the server, but a bad one must never reach outside the root.
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
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
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
