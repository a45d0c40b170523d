import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { accounts, researches, sessions } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { insertNotification } from '../modules/notifications/notification-store.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { userOnPlan } from '../test/chat-owner.ts';
import { startFakeOpenAI } from '../test/fakes/openai.ts';

/**
 * The users the gates play with: an owner with one of every resource (businesses of each stage with a
 * logo, a chat with messages and an attachment, a research request, an open payment session) and, in
 * the authorisation matrix, a stranger with resources of their own.
 */

/** The gates' app, its answers from a fake model; closing it stops the fake too. */
export async function startGateApp(
  overrides: Record<string, string> = {},
  options: { logger?: Logger } = {},
): Promise<TestApp> {
  const fake = await startFakeOpenAI();
  const t = await createTestApp(
    {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-mentor',
      ...overrides,
    },
    options,
  );
  return {
    ...t,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/**
 * Every text of the owner's carries this mark, so a leak is any response that contains it. Long enough that
 * no random token, cookie or id holds it by chance (three letters did, in one sign-up's session cookie).
 */
export const OWNER_MARK = 'zqxmarca7';

export interface Person {
  id: number;
  email: string;
  cookie: string;
}

export interface Owner extends Person {
  ideaId: number;
  establishedId: number;
  chatId: number;
  /** The owner's question, and the model's answer to it. */
  messageIds: number[];
  attachmentId: string;
  researchId: number;
  checkoutSessionId: string;
  /** A read-only link to the idea's financial plan (ADR 0042): its id and its signed token. */
  shareId: string;
  shareToken: string;
  /** The idea's roadmap (ADR 0055): a milestone and a task of it. */
  roadmapMilestoneId: number;
  roadmapTaskId: number;
  /** A notification of the owner's centre (ADR 0056). */
  notificationId: number;
  /** Better Auth's rows: the session token (what the cookie signs) and the password account's id. */
  sessionToken: string;
  accountId: number;
}

export const PASSWORD = 'contraseña-segura';
const DESCRIPTION =
  'Una plataforma que conecta a productores locales de aceite de oliva con restaurantes de toda España, con entregas semanales y trazabilidad completa del origen.';

/** Businesses anyone may create (nothing of the owner's in them). */
export const plainIdea = {
  name: 'Oliva Directa',
  location: 'España',
  description: DESCRIPTION,
  goal: 'Validar la demanda',
  extra_info: '',
  team_description: 'Dos fundadores',
  team_size: 2,
  user_position: 'CEO',
  competitor_existence: true,
  competitor_differentiation: 'Entrega en 24 horas',
  investment: 15000,
  investment_currency: 'euro',
};
export const plainEstablished = {
  ...plainIdea,
  name: 'Panadería Sol',
  team_size: 8,
  mission_and_vision: 'Pan para cada barrio',
  billing: 250000,
  billing_currency: 'dollar',
  ebitda: 40000,
  ebitda_currency: 'dollar',
  profit_margin: 16,
};

const marked = (text: string) => `${text} ${OWNER_MARK}`;
export const ownerIdea = {
  ...plainIdea,
  name: marked('Aceitunas'),
  description: marked(DESCRIPTION),
  goal: marked('Objetivo privado'),
  extra_info: marked('Dato privado'),
  team_description: marked('Equipo privado'),
  user_position: marked('Cargo'),
  competitor_differentiation: marked('Diferencia privada'),
};
export const ownerEstablished = {
  ...plainEstablished,
  ...ownerIdea,
  name: marked('Panadería'),
  team_size: 8,
  mission_and_vision: marked('Misión privada'),
};

/** A small real PNG, for logos. */
export const pngLogo = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();

async function call(t: TestApp, cookie: string, method: string, path: string, body?: unknown) {
  const isForm = body instanceof FormData;
  const res = await t.request(path, {
    method,
    headers: {
      cookie,
      ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Signs a person up, on `planId` with `credits`. */
export async function person(
  t: TestApp,
  name: string,
  email: string,
  options: { planId: number; credits: number },
): Promise<Person> {
  const { id, cookie } = await userOnPlan(t, { name, email, password: PASSWORD }, options);
  return { id, email, cookie };
}

/** The owner and everything of theirs, created through the API as a user would. */
export async function createOwner(t: TestApp): Promise<Owner> {
  const email = `${OWNER_MARK}.propietaria@example.com`;
  const me = await person(t, `Zuriñe ${OWNER_MARK} Secreta`, email, { planId: 11, credits: 500 });
  const api = (method: string, path: string, body?: unknown) => call(t, me.cookie, method, path, body);

  const idea = await api('POST', '/api/businesses/ideas', ownerIdea);
  const established = await api('POST', '/api/businesses/established', ownerEstablished);
  for (const [segment, id] of [
    ['ideas', idea.id],
    ['established', established.id],
  ]) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngLogo())], { type: 'image/png' }), 'logo.png');
    await api('PUT', `/api/businesses/${segment}/${id}/logo`, form);
  }

  const chat = await api('POST', `/api/businesses/${idea.id}/chats`);
  const send = new FormData();
  send.append('content', `Pregunta privada ${OWNER_MARK}: ¿cómo valido la demanda?`);
  send.append('client_message_id', `gate-${OWNER_MARK}-0001`);
  send.append(
    'files',
    new Blob([`Adjunto privado ${OWNER_MARK}: previsiones de ventas`], { type: 'text/plain' }),
    `ventas-${OWNER_MARK}.txt`,
  );
  const sent = await api('POST', `/api/businesses/${idea.id}/chats/${chat.id}/messages`, send);
  const research = await api('POST', '/api/researches', {
    max_tokens: 50_000,
    business_id: idea.id,
    sync_generation: false,
  });
  // Finished (no worker runs here), so its timeline is a replay that ends.
  await t.database.db
    .update(researches)
    .set({ status: 'completed', completedAt: new Date() })
    .where(eq(researches.id, research.id));
  const share = await api('POST', `/api/businesses/${idea.id}/financial-plan/shares`, { days: 7 });
  const roadmap = await api('POST', `/api/businesses/${idea.id}/roadmap`);
  const notificationId =
    (await insertNotification(
      t.database.db,
      {
        userId: me.id,
        kind: 'tarea_manana',
        businessId: idea.id,
        periodKey: '2026-12-04:matriz',
        title: `Mañana vence una tarea de ${OWNER_MARK}`,
        body: `«Tarea ${OWNER_MARK}»`,
        link: `/roadmap/${idea.id}`,
      },
      'skipped',
    )) ?? 0;
  const checkout = await api('POST', '/api/subscriptions', { plan_id: 5 });
  const checkoutSessionId = String(new URL(checkout.url).pathname.split('/').at(-1));

  const [session] = await t.database.db
    .select({ token: sessions.token })
    .from(sessions)
    .where(eq(sessions.userId, me.id));
  const [account] = await t.database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.userId, me.id));
  return {
    ...me,
    ideaId: idea.id,
    establishedId: established.id,
    chatId: chat.id,
    messageIds: [sent.message.id, sent.answer.id],
    attachmentId: sent.message.fileAttachments[0].id,
    researchId: research.id,
    checkoutSessionId,
    shareId: share.id,
    shareToken: String(share.url).split('/compartido/')[1] ?? '',
    roadmapMilestoneId: roadmap.roadmap.milestones[0].id,
    roadmapTaskId: roadmap.roadmap.milestones[0].tasks[0].id,
    notificationId,
    sessionToken: session?.token ?? '',
    accountId: account?.id ?? 0,
  };
}

/** A signed-in person with a business of their own, as the stranger of the matrix. */
export async function createStranger(t: TestApp): Promise<Person & { businessId: number }> {
  const me = await person(t, 'Bruno Ajeno', 'bruno.ajeno@example.com', { planId: 11, credits: 50 });
  const business = await call(t, me.cookie, 'POST', '/api/businesses/ideas', plainIdea);
  return { ...me, businessId: business.id };
}
