import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-ups at the same moment', () => {
  it('all succeed with distinct usernames when the people share a name', async () => {
    const people = Array.from({ length: 6 }, (_, i) => ({
      name: 'Marta Gómez',
      email: `marta.${i}@example.com`,
      password: 'contraseña-segura',
    }));
    const results = await Promise.all(people.map((person) => signUp(t, person)));
    expect(results.map(({ res }) => res.status)).toEqual(people.map(() => 200));
    const usernames = await Promise.all(
      results.map(async ({ cookie }) => {
        const me = await t.request('/api/users/me', { headers: { cookie } });
        return ((await me.json()) as { username: string }).username;
      }),
    );
    expect(new Set(usernames).size).toBe(people.length);
    expect(usernames).toContain('marta_gomez');
    for (const username of usernames) expect(username).toMatch(/^marta_gomez([a-z]{2}|[a-z]{4})?$/);
  });
});
