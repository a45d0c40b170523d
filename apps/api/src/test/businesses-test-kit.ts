import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { users } from '../db/schema/index.ts';
import { signUp, type TestApp } from './app.ts';

// What the businesses' tests share: an idea and an established business that pass every rule, and
// the calls of a signed-in user.

export const description =
  'Una plataforma que conecta a productores locales de aceite de oliva con restaurantes de toda España, con entregas semanales y trazabilidad completa del origen.';

export const idea = {
  name: 'Oliva Directa',
  location: 'España',
  description,
  goal: 'Validar la demanda en Madrid',
  extra_info: '',
  team_description: 'Dos fundadores con experiencia en logística',
  team_size: 2,
  user_position: 'CEO',
  competitor_existence: false,
  competitor_differentiation: '',
  investment: 15000,
  investment_currency: 'euro',
};

export const established = {
  name: 'Panadería Sol',
  location: 'México',
  description,
  goal: 'Abrir una segunda tienda',
  extra_info: 'Vendemos también por internet',
  team_description: 'Ocho personas entre obrador y tienda',
  team_size: 8,
  user_position: 'Fundadora',
  mission_and_vision: 'Pan de verdad para cada barrio',
  billing: 250000,
  billing_currency: 'dollar',
  ebitda: 40000,
  ebitda_currency: 'euro',
  profit_margin: 16,
};

/** A plain PNG of that size. */
export async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();
}

/**
 * The calls of the tests, on the app `app()` gives: a new user on the plan given (-1: none yet), a
 * JSON request as a user, and a logo upload.
 */
export function businessCalls(app: () => TestApp) {
  let emailCounter = 0;
  async function newUser(planId = -1): Promise<{ cookie: string; id: number }> {
    emailCounter += 1;
    const email = `negocio${emailCounter}@example.com`;
    const t = app();
    const { cookie } = await signUp(t, {
      name: `Persona ${emailCounter}`,
      email,
      password: 'contraseña-segura',
    });
    const [row] = await t.database.db.update(users).set({ planId }).where(eq(users.email, email)).returning();
    return { cookie, id: row?.id ?? 0 };
  }

  function send(cookie: string, method: string, url: string, body?: unknown) {
    return app().request(url, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  function uploadLogo(cookie: string, url: string, data: Uint8Array, name: string, type: string) {
    const form = new FormData();
    form.append('file', new Blob([data], { type }), name);
    return app().request(url, { method: 'PUT', headers: { cookie }, body: form });
  }
  return { newUser, send, uploadLogo };
}
