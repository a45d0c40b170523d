import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

// s3rver's fixed credentials: it checks every request's signature against them.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** The variables that point the app's storage at this server, under `prefix` in the bucket. */
  env(prefix?: string): Record<string, string>;
  /** The keys the server holds, read over S3 (not through the app's storage). */
  keys(): Promise<string[]>;
  /** An object's bytes as the server holds them, or null. */
  object(key: string): Promise<Buffer | null>;
  /** Removes an object behind the app's back (a file lost from the bucket). */
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on loopback, with one bucket, storing in a temporary folder. */
export async function startFakeS3(bucket = 'rumbo-test'): Promise<FakeS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'rumbo-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    env: (prefix) => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    }),
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async object(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
