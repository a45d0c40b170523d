import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productFeedback, users } from '../../db/schema/index.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';

// POST /api/feedback (ADR 0047): the home's in-app feedback form.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = (cookie: string | undefined, body: unknown) =>
  t.request('/api/feedback', {
    method: 'POST',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const storedFor = async (email: string) => {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return t.database.db
    .select()
    .from(productFeedback)
    .where(eq(productFeedback.userId, user?.id ?? 0));
};

describe('POST /api/feedback', () => {
  it('stores the comment and the screen it came from, and thanks the user in Spanish', async () => {
    const { cookie } = await signUp(t, {
      name: 'Lucía',
      email: 'lucia@example.com',
      password: 'contraseña-segura',
    });
    const res = await send(cookie, { message: '  Me encanta, pero quiero exportar el chat.  ', page: '/' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ message: 'Gracias, hemos recibido tu comentario' });
    expect(await storedFor('lucia@example.com')).toMatchObject([
      { message: 'Me encanta, pero quiero exportar el chat.', page: '/' },
    ]);
  });

  it('refuses an anonymous comment (401), an empty one, one over 2000 characters and a NUL (400)', async () => {
    expect((await send(undefined, { message: 'Hola' })).status).toBe(401);
    const { cookie } = await signUp(t, {
      name: 'Marta',
      email: 'marta@example.com',
      password: 'contraseña-segura',
    });
    const empty = await send(cookie, { message: '   ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'Escribe tu comentario', field: 'message' });
    const long = await send(cookie, { message: 'a'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toContain('2000');
    expect((await send(cookie, { message: 'a\u0000b' })).status).toBe(400);
    expect((await send(cookie, { message: 'ok', page: 'x'.repeat(201) })).status).toBe(400);
    // 2000 characters exactly are fine.
    expect((await send(cookie, { message: 'b'.repeat(2000) })).status).toBe(201);
    expect(await storedFor('marta@example.com')).toHaveLength(1);
  });

  it('lets a user send 10 comments an hour, then answers 429 with Retry-After', async () => {
    const { cookie } = await signUp(t, {
      name: 'Iker',
      email: 'iker@example.com',
      password: 'contraseña-segura',
    });
    for (let i = 0; i < 10; i++) expect((await send(cookie, { message: `Idea ${i}` })).status).toBe(201);
    const refused = await send(cookie, { message: 'Una más' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await storedFor('iker@example.com')).toHaveLength(10);
  });
});
