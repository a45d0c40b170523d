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
