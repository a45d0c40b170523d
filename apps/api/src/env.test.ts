import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('gives a working local configuration with nothing set', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve('data'));
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.PRODUCT_NAME).toBe('Rumbo');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats blank values as unset', () => {
    expect(loadEnv({ PORT: '', PRODUCT_NAME: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['STRIPE_API_URL', 'ftp://stripe.example'],
    ['TRUSTED_PROXIES', 'the-balancer'],
    ['TRUSTED_PROXIES', 'loopback, 10.0.0.0/33'],
    ['SEARCH_PROVIDER', 'google'],
    ['RESEARCH_CONCURRENCY', '0'],
    ['RESEARCH_TIME_LIMIT_S', '5'],
    ['STORAGE_URL', 'https://files.example.com/bucket'],
    ['STORAGE_URL', 's3://'],
    ['STORAGE_URL', 's3://My_Bucket'],
    ['STORAGE_URL', 's3://rumbo/../other'],
    ['STORAGE_URL', 's3://rumbo?region=eu-west-1'],
    ['S3_ENDPOINT', '127.0.0.1:9000'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    let message = '';
    try {
      loadEnv({ [name]: value });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    expect(message).toContain(name);
    expect(message).toContain(JSON.stringify(value));
    expect(message).not.toContain('\n');
  });

  it('reads STORAGE_URL as a bucket and a prefix, with the S3 defaults', () => {
    expect(loadEnv({}).STORAGE_URL).toBeUndefined();
    const aws = loadEnv({ STORAGE_URL: 's3://rumbo-files' });
    expect(aws.STORAGE_URL).toEqual({ bucket: 'rumbo-files', prefix: '' });
    expect(aws.S3_REGION).toBe('us-east-1');
    expect(aws.S3_FORCE_PATH_STYLE).toBe(false);
    const minio = loadEnv({
      STORAGE_URL: 's3://rumbo.files/prod/uploads/',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
    expect(minio.STORAGE_URL).toEqual({ bucket: 'rumbo.files', prefix: 'prod/uploads' });
    expect(minio.S3_FORCE_PATH_STYLE).toBe(true);
    expect(
      loadEnv({ S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE,
    ).toBe(false);
    expect(() => loadEnv({ STORAGE_URL: 'gs://rumbo-files' })).toThrow(
      'Invalid environment variable STORAGE_URL: must be s3://bucket or s3://bucket/prefix',
    );
  });

  it('needs both S3 keys or neither, and never shows the secret in the error', () => {
    expect(loadEnv({ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secreto' }).S3_ACCESS_KEY_ID).toBe('id');
    expect(() => loadEnv({ S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'Invalid environment variable S3_SECRET_ACCESS_KEY: must be set when S3_ACCESS_KEY_ID is set',
    );
    let message = '';
    try {
      loadEnv({ S3_SECRET_ACCESS_KEY: 'secreto-muy-secreto' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'Invalid environment variable S3_ACCESS_KEY_ID: must be set when S3_SECRET_ACCESS_KEY is set',
    );
  });

  it('needs the webhook secret and every plan price along with a Stripe key', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_5: 'price_5',
      STRIPE_PRICE_7: 'price_7',
      STRIPE_PRICE_11: 'price_11',
      STRIPE_PRICE_12: 'price_12',
    };
    expect(loadEnv(stripe).STRIPE_PRICE_12).toBe('price_12');
    for (const missing of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_11']) {
      expect(() => loadEnv({ ...stripe, [missing]: '' })).toThrow(
        `Invalid environment variable ${missing}: must be set when STRIPE_SECRET_KEY is set`,
      );
    }
    // Prices alone (no key) are fine: the local test checkout is used.
    expect(loadEnv({ STRIPE_PRICE_5: 'price_5' }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('needs what each search provider needs, and refuses the loopback switch in production', () => {
    expect(() => loadEnv({ SEARCH_PROVIDER: 'searxng' })).toThrow(
      'Invalid environment variable SEARCH_BASE_URL: must be set when SEARCH_PROVIDER=searxng',
    );
    expect(() => loadEnv({ SEARCH_PROVIDER: 'brave' })).toThrow(
      'Invalid environment variable SEARCH_API_KEY: must be set when SEARCH_PROVIDER=brave',
    );
    expect(loadEnv({ SEARCH_PROVIDER: 'tavily', SEARCH_API_KEY: 'k' }).SEARCH_PROVIDER).toBe('tavily');
    expect(loadEnv({ RESEARCH_ALLOW_LOOPBACK: 'true', NODE_ENV: 'test' }).RESEARCH_ALLOW_LOOPBACK).toBe(true);
    expect(loadEnv({}).RESEARCH_ALLOW_LOOPBACK).toBe(false);
    expect(() =>
      loadEnv({
        RESEARCH_ALLOW_LOOPBACK: 'true',
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'x'.repeat(40),
      }),
    ).toThrow('RESEARCH_ALLOW_LOOPBACK: is for tests only and is refused with NODE_ENV=production');
  });

  it('reads TRUSTED_PROXIES as a comma-separated list of addresses, ranges and proxy-addr names', () => {
    expect(loadEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(loadEnv({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,fd00::1' }).TRUSTED_PROXIES).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::1',
    ]);
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadEnv({ PUBLIC_URL: 'https://rumbo.example/' }).PUBLIC_URL).toBe('https://rumbo.example');
  });
});
