import { DISCOVERY_SOURCES } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
async function newUser(): Promise<{ cookie: string; email: string }> {
  counter += 1;
  const email = `onboarding${counter}@example.com`;
  const { cookie } = await signUp(t, { name: `Persona ${counter}`, email, password: 'contraseña-segura' });
  return { cookie, email };
}

function putOnboarding(body: unknown, cookie?: string) {
  return t.request('/api/users/me/onboarding', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function storedSource(email: string): Promise<string | null | undefined> {
  const [row] = await t.database.db
    .select({ source: users.discoverySource })
    .from(users)
    .where(eq(users.email, email));
  return row?.source;
}

describe('PUT /api/users/me/onboarding', () => {
  it('keeps the discovery source on the user, and a later answer replaces it', async () => {
    const { cookie, email } = await newUser();
    expect(await storedSource(email)).toBeNull();

    const res = await putOnboarding({ discovery_source: 'instagram' }, cookie);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await storedSource(email)).toBe('instagram');

    expect((await putOnboarding({ discovery_source: 'incubator' }, cookie)).status).toBe(204);
    expect(await storedSource(email)).toBe('incubator');
  });

  it.each(DISCOVERY_SOURCES)('accepts %s', async (source) => {
    const { cookie, email } = await newUser();
    expect((await putOnboarding({ discovery_source: source }, cookie)).status).toBe(204);
    expect(await storedSource(email)).toBe(source);
  });

  it.each([
    ['an unknown source', { discovery_source: 'facebook' }],
    ['no source', {}],
    ['a source that is not text', { discovery_source: 3 }],
  ])('answers 400 naming the field for %s, and stores nothing', async (_case, body) => {
    const { cookie, email } = await newUser();
    const res = await putOnboarding(body, cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'discovery_source' });
    expect(await storedSource(email)).toBeNull();
  });

  it('answers 401 without a session', async () => {
    const res = await putOnboarding({ discovery_source: 'google' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('changes only the caller', async () => {
    const first = await newUser();
    const second = await newUser();
    await putOnboarding({ discovery_source: 'tiktok' }, first.cookie);
    expect(await storedSource(first.email)).toBe('tiktok');
    expect(await storedSource(second.email)).toBeNull();
  });
});
