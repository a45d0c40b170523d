import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, researches } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { businessCalls, established, idea, png } from '../../test/businesses-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const { newUser, send, uploadLogo } = businessCalls(() => t);

describe('creating and reading businesses', () => {
  it('creates an idea and an established business and lists only the caller’s, by id', async () => {
    const owner = await newUser(7);
    const other = await newUser(7);
    const createdIdea = await send(owner.cookie, 'POST', '/api/businesses/ideas', idea);
    expect(createdIdea.status).toBe(201);
    const ideaBody = (await createdIdea.json()) as { id: number };
    expect(ideaBody).toMatchObject({ ...idea, stage: 'idea', logo_url: null });

    const createdEst = await send(owner.cookie, 'POST', '/api/businesses/established', established);
    expect(createdEst.status).toBe(201);
    // The EBITDA currency follows the billing currency (product.md §3).
    expect(await createdEst.json()).toMatchObject({ stage: 'established', ebitda_currency: 'dollar' });

    await send(other.cookie, 'POST', '/api/businesses/ideas', { ...idea, name: 'Ajena' });
    const list = (await (await send(owner.cookie, 'GET', '/api/businesses')).json()) as Array<{
      id: number;
      name: string;
    }>;
    expect(list.map((b) => b.name)).toEqual(['Oliva Directa', 'Panadería Sol']);
    expect(list[0]?.id).toBeLessThan(list[1]?.id ?? 0);

    const read = await send(owner.cookie, 'GET', `/api/businesses/ideas/${ideaBody.id}`);
    expect(read.status).toBe(200);
    // The same id through the other stage's path does not exist.
    expect((await send(owner.cookie, 'GET', `/api/businesses/established/${ideaBody.id}`)).status).toBe(404);
  });

  it.each([
    ['description', { description: 'demasiado corta' }, '*mínimo 150 caracteres'],
    ['name', { name: '   ' }, 'Obligatorio'],
    ['team_size', { team_size: 11 }, undefined],
    ['location', { location: 'Atlántida' }, 'Elige un país de la lista'],
    [
      'competitor_differentiation',
      { competitor_existence: true, competitor_differentiation: '' },
      'Obligatorio',
    ],
    ['investment', { investment: -1 }, 'Debe ser 0 o más'],
  ])('refuses an idea with a bad %s with 400 and the field', async (field, change, message) => {
    const { cookie } = await newUser(7);
    const res = await send(cookie, 'POST', '/api/businesses/ideas', { ...idea, ...change });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; field: string; message: string };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.field).toBe(field);
    if (message) expect(body.message).toBe(message);
  });

  it('registers an established business with losses: negative EBITDA, margin 0 (ADR 0018)', async () => {
    const { cookie } = await newUser(7);
    const losses = { ...established, ebitda: -25000.5, profit_margin: 0 };
    const created = await send(cookie, 'POST', '/api/businesses/established', losses);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const read = await send(cookie, 'GET', `/api/businesses/established/${id}`);
    expect(await read.json()).toMatchObject({ ebitda: -25000.5, profit_margin: 0 });
    const patched = await send(cookie, 'PATCH', `/api/businesses/established/${id}`, { ebitda: -1 });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ ebitda: -1 });
  });

  it.each([
    ['profit_margin', { profit_margin: 120 }],
    ['profit_margin', { profit_margin: -1 }],
    ['billing', { billing: 0 }],
    ['mission_and_vision', { mission_and_vision: ' ' }],
    ['user_position', { user_position: '' }],
  ])('refuses an established business with a bad %s', async (field, change) => {
    const { cookie } = await newUser(7);
    const res = await send(cookie, 'POST', '/api/businesses/established', { ...established, ...change });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe(field);
  });

  it('clears the competitor differentiation when there are no competitors', async () => {
    const { cookie } = await newUser(7);
    const res = await send(cookie, 'POST', '/api/businesses/ideas', {
      ...idea,
      competitor_differentiation: 'x',
    });
    expect(((await res.json()) as { competitor_differentiation: string }).competitor_differentiation).toBe(
      '',
    );
  });

  it('answers 401 without a session', async () => {
    expect((await t.request('/api/businesses')).status).toBe(401);
    expect((await t.request('/api/businesses/ideas', { method: 'POST', body: '{}' })).status).toBe(401);
  });
});

describe('the plan’s business limit', () => {
  it('lets a user without a plan create exactly one (onboarding)', async () => {
    const { cookie } = await newUser(-1);
    expect((await send(cookie, 'POST', '/api/businesses/ideas', idea)).status).toBe(201);
    const second = await send(cookie, 'POST', '/api/businesses/ideas', idea);
    expect(second.status).toBe(403);
    expect(((await second.json()) as { code: string }).code).toBe('BUSINESS_LIMIT_REACHED');
  });

  it('allows 1 on Founder and 3 on CEO', async () => {
    const founder = await newUser(5);
    expect((await send(founder.cookie, 'POST', '/api/businesses/ideas', idea)).status).toBe(201);
    const refused = await send(founder.cookie, 'POST', '/api/businesses/established', established);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 'BUSINESS_LIMIT_REACHED',
      message: 'Tu plan permite 1 negocio. Mejora tu plan para crear más.',
    });

    const ceo = await newUser(11);
    const statuses = await Promise.all(
      [1, 2, 3, 4].map(() => send(ceo.cookie, 'POST', '/api/businesses/ideas', idea).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([201, 201, 201, 403]);
  });
});

describe('changing and deleting', () => {
  it('patches fields, keeping the rules on the result', async () => {
    const { cookie } = await newUser(7);
    const { id } = (await (await send(cookie, 'POST', '/api/businesses/ideas', idea)).json()) as {
      id: number;
    };
    const ok = await send(cookie, 'PATCH', `/api/businesses/ideas/${id}`, {
      name: 'Oliva Viva',
      team_size: 3,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ name: 'Oliva Viva', team_size: 3, goal: idea.goal });
    const bad = await send(cookie, 'PATCH', `/api/businesses/ideas/${id}`, { competitor_existence: true });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field: string }).field).toBe('competitor_differentiation');
  });

  it.each([
    [
      'an idea with competitors',
      'ideas',
      {
        ...idea,
        competitor_existence: true,
        competitor_differentiation: 'Entrega en 24 h',
        extra_info: 'Piloto en Jaén',
      },
    ],
    ['an established business', 'established', established],
  ])('a PATCH of the name alone keeps every other field of %s', async (_case, segment, input) => {
    const { cookie } = await newUser(7);
    const created = (await (await send(cookie, 'POST', `/api/businesses/${segment}`, input)).json()) as {
      id: number;
    };
    const res = await send(cookie, 'PATCH', `/api/businesses/${segment}/${created.id}`, {
      name: 'Nuevo nombre',
    });
    expect(res.status).toBe(200);
    const expected = { ...created, name: 'Nuevo nombre' };
    expect(await res.json()).toEqual(expected);
    expect(await (await send(cookie, 'GET', `/api/businesses/${segment}/${created.id}`)).json()).toEqual(
      expected,
    );
  });

  it.each([
    ['the goal of an idea', 'ideas', idea, { goal: 'Otro objetivo' }],
    ['the team and investment of an idea', 'ideas', idea, { team_size: 4, investment: 100 }],
    ['the margin of an established business', 'established', established, { profit_margin: 20 }],
    [
      'the billing and mission of an established business',
      'established',
      established,
      { billing: 1000, mission_and_vision: 'Otra misión' },
    ],
  ])('a PATCH of %s never resets the fields it does not name', async (_case, segment, input, patch) => {
    const { cookie } = await newUser(7);
    const withExtras = { ...input, extra_info: 'Dato que debe quedarse', user_position: 'Cofundadora' };
    const created = (await (await send(cookie, 'POST', `/api/businesses/${segment}`, withExtras)).json()) as {
      id: number;
    };
    const res = await send(cookie, 'PATCH', `/api/businesses/${segment}/${created.id}`, patch);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...created, ...patch });
  });

  it('gives 404 for another user’s business on every route', async () => {
    const owner = await newUser(7);
    const stranger = await newUser(7);
    const { id } = (await (await send(owner.cookie, 'POST', '/api/businesses/ideas', idea)).json()) as {
      id: number;
    };
    for (const [method, url, body] of [
      ['GET', `/api/businesses/ideas/${id}`],
      ['PATCH', `/api/businesses/ideas/${id}`, { name: 'Robada' }],
      ['DELETE', `/api/businesses/ideas/${id}`],
      ['DELETE', `/api/businesses/ideas/${id}/logo`],
      ['GET', `/api/businesses/ideas/${id}/logo`],
    ] as const) {
      expect((await send(stranger.cookie, method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    const logo = await uploadLogo(
      stranger.cookie,
      `/api/businesses/ideas/${id}/logo`,
      await png(10, 10),
      'a.png',
      'image/png',
    );
    expect(logo.status).toBe(404);
    expect(
      (
        await send(stranger.cookie, 'POST', '/api/researches', {
          max_tokens: 50000,
          business_id: id,
          sync_generation: false,
        })
      ).status,
    ).toBe(404);
    expect((await send(owner.cookie, 'GET', `/api/businesses/ideas/${id}`)).status).toBe(200);
  });

  it('deletes a business with its research and logo file, leaving no orphans', async () => {
    const { cookie } = await newUser(7);
    const { id } = (await (await send(cookie, 'POST', '/api/businesses/ideas', idea)).json()) as {
      id: number;
    };
    const research = await send(cookie, 'POST', '/api/researches', {
      max_tokens: 50000,
      business_id: id,
      sync_generation: false,
    });
    expect(research.status).toBe(202);
    expect(await research.json()).toMatchObject({ business_id: id, status: 'pending' });
    await uploadLogo(cookie, `/api/businesses/ideas/${id}/logo`, await png(64, 64), 'logo.png', 'image/png');
    const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, id));
    const logoFile = path.join(t.env.DATA_DIR, 'files', row?.logoKey ?? 'missing');
    expect(fs.existsSync(logoFile)).toBe(true);

    expect((await send(cookie, 'DELETE', `/api/businesses/ideas/${id}`)).status).toBe(204);
    expect(await t.database.db.select().from(businesses).where(eq(businesses.id, id))).toHaveLength(0);
    expect(await t.database.db.select().from(researches).where(eq(researches.businessId, id))).toHaveLength(
      0,
    );
    expect(fs.existsSync(logoFile)).toBe(false);
  });
});
