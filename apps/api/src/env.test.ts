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

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadEnv({ PUBLIC_URL: 'https://rumbo.example/' }).PUBLIC_URL).toBe('https://rumbo.example');
  });
});
