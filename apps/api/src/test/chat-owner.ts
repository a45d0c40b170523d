import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { creditBalances, messages, users } from '../db/schema/index.ts';
import { signUp, type TestApp } from './app.ts';

/** A signed-up user on a plan with a credit balance and one business of theirs. */
export interface ChatOwner {
  cookie: string;
  id: number;
  businessId: number;
}

/** The smallest valid idea; tests that read the profile pass their own. */
export const MINIMAL_IDEA = {
  name: 'Idea de prueba',
  location: 'España',
  description: 'x'.repeat(160),
  goal: 'Probar',
  extra_info: '',
  team_description: 'Una persona',
  team_size: 1,
  user_position: 'CEO',
  competitor_existence: false,
  competitor_differentiation: '',
  investment: 0,
  investment_currency: 'euro',
};

/** Signs a user up and puts them on `planId` with a balance of `credits`. */
export async function userOnPlan(
  t: TestApp,
  user: { name: string; email: string; password: string },
  options: { planId: number; credits: number },
): Promise<{ id: number; cookie: string }> {
  const { cookie, res } = await signUp(t, user);
  if (res.status !== 200)
    throw new Error(`${user.email} could not sign up: ${res.status} ${await res.text()}`);
  const [row] = await t.database.db
    .update(users)
    .set({ planId: options.planId })
    .where(eq(users.email, user.email))
    .returning({ id: users.id });
  const id = row?.id ?? 0;
  await t.database.db
    .insert(creditBalances)
    .values({ userId: id, balance: options.credits })
    .onConflictDoUpdate({ target: creditBalances.userId, set: { balance: options.credits } });
  return { id, cookie };
}

/** Signs a new user up, puts them on `planId` with `credits`, and creates `idea` through the API. */
export async function chatOwner(
  t: TestApp,
  options: { planId: number; credits: number; idea?: object },
): Promise<ChatOwner> {
  const { id, cookie } = await userOnPlan(
    t,
    {
      name: 'Persona de prueba',
      email: `chat-${crypto.randomUUID()}@example.com`,
      password: 'contraseña-segura',
    },
    options,
  );
  const created = await t.request('/api/businesses/ideas', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(options.idea ?? MINIMAL_IDEA),
  });
  if (created.status !== 201) throw new Error(`the test business was not created: ${created.status}`);
  return { cookie, id, businessId: ((await created.json()) as { id: number }).id };
}

/** Creates a chat in the owner's business and returns its id. */
export async function newChat(t: TestApp, who: ChatOwner): Promise<number> {
  const res = await t.request(`/api/businesses/${who.businessId}/chats`, {
    method: 'POST',
    headers: { cookie: who.cookie },
  });
  if (res.status !== 201) throw new Error(`the test chat was not created: ${res.status}`);
  return ((await res.json()) as { id: number }).id;
}

/**
 * The answer's row once its end is stored. A streamed body ends with the text; the end is written a
 * moment later, in the next batch of ends (ADR 0010).
 */
export async function storedAnswer(
  t: TestApp,
  answerId: number,
  timeoutMs = 5_000,
): Promise<typeof messages.$inferSelect> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, answerId));
    if (row?.finished) return row;
    if (Date.now() > deadline)
      throw new Error(`answer ${answerId} was not stored as finished within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
