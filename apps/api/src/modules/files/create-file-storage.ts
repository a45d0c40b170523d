import path from 'node:path';
import type { Env } from '../../env.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage, type FileStorage } from './storage.ts';

type StorageEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'STORAGE_URL'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The app's one file storage: the bucket STORAGE_URL names, else the local folder $DATA_DIR/files. */
export function createFileStorage(env: StorageEnv): FileStorage {
  if (!env.STORAGE_URL) return createLocalStorage(path.join(env.DATA_DIR, 'files'));
  return createS3Storage({
    bucket: env.STORAGE_URL.bucket,
    prefix: env.STORAGE_URL.prefix,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}
