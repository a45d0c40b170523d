import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { loadOnce } from '../../lib/load-once.ts';
import { assertSafeStorageKey, type FileStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Folder inside the bucket for every key (no leading or trailing slash); empty: the bucket's root. */
  prefix?: string;
  /** Another S3-compatible service (MinIO, R2, a test server); unset: AWS. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's default credential chain (instance role, AWS_* variables…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (most self-hosted services). */
  forcePathStyle: boolean;
}

// A request waits at most this long: a logo or an attachment is a few MB, and a stuck storage
// service must fail the request rather than hold it (and its connection) open.
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
// One retry: enough for a dropped connection, few enough that a request fails within ~a minute.
const MAX_ATTEMPTS = 2;

type S3Sdk = typeof import('@aws-sdk/client-s3');

/** A missing object: NoSuchKey, or a 404 without a code. A missing bucket is a configuration error. */
function isMissingObject(s3: S3Sdk, error: unknown): boolean {
  if (!(error instanceof s3.S3ServiceException)) return false;
  if (error.name === 'NoSuchKey') return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}

/** Files as objects of an S3-compatible bucket, so that every app machine sees the same files. */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  // The SDK is loaded at the first file stored or read, not at start (ADR 0027).
  const connect = loadOnce(async () => {
    const s3 = await import('@aws-sdk/client-s3');
    return { s3, client: newClient(s3, options) };
  });
  const prefix = options.prefix ? `${options.prefix}/` : '';
  const target = (key: string) => {
    assertSafeStorageKey(key);
    return { Bucket: options.bucket, Key: `${prefix}${key}` };
  };
  return {
    async put(key, data) {
      const { s3, client } = await connect();
      await client.send(new s3.PutObjectCommand({ ...target(key), Body: data }));
    },
    async get(key) {
      const { s3, client } = await connect();
      try {
        const object = await client.send(new s3.GetObjectCommand(target(key)));
        const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array(0);
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissingObject(s3, error)) return null;
        throw error;
      }
    },
    async getStream(key) {
      const { s3, client } = await connect();
      try {
        const object = await client.send(new s3.GetObjectCommand(target(key)));
        // In Node the SDK's body is the HTTP response itself: bytes come as they are read, and a paused
        // reader pauses the download (until REQUEST_TIMEOUT_MS without a byte ends it).
        return (object.Body as Readable | undefined) ?? Readable.from([]);
      } catch (error) {
        if (isMissingObject(s3, error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const { s3, client } = await connect();
      // S3 answers 204 for a key that is not there, so a missing file is not an error.
      await client.send(new s3.DeleteObjectCommand(target(key)));
    },
  };
}

function newClient(s3: S3Sdk, options: S3StorageOptions): S3Client {
  return new s3.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: {
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
  });
}
