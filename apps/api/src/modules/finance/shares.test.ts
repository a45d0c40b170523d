import type { PlanShare } from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planShares } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { chatOwner, MINIMAL_IDEA } from '../../test/chat-owner.ts';
import { planCalls, shopPlan } from '../../test/finance-test-kit.ts';
import { checkToken, shareKey, shareToken } from './share-links.ts';

// Read-only shared links (ADR 0042): signed, expiring (7/30 days), revocable, counted; 404 once revoked or
// expired; nothing else of the owner reachable through them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const json = (cookie: string, method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
const sharesOf = (businessId: number) => `/api/businesses/${businessId}/financial-plan/shares`;
const tokenOf = (share: PlanShare) => share.url.split('/compartido/')[1] ?? '';
const open = (token: string) => t.request(`/api/shared/plans/${token}`);

async function ownerWithShare(days: 7 | 30 = 7) {
  const who = await chatOwner(t, {
    planId: 5,
    credits: 10,
    idea: { ...MINIMAL_IDEA, name: 'Cestas Compartidas', extra_info: 'Dato privado del dueño' },
  });
  await planCalls(t).save(who.cookie, who.businessId, { ...shopPlan, proposals: [] });
  const res = await json(who.cookie, 'POST', sharesOf(who.businessId), { days });
  expect(res.status).toBe(201);
  return { who, share: (await res.json()) as PlanShare };
}

describe('shared links to a financial plan', () => {
  it('opens signed out, read-only, with the plan and nothing else of the owner, and counts its views', async () => {
    const { who, share } = await ownerWithShare(30);
    expect(share.url).toMatch(/^http:\/\/localhost:3000\/compartido\/[\w-]{22}\.\d{10}\.[\w-]{32}$/);
    const days = (Date.parse(share.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const res = await open(tokenOf(share));
    expect(res.status).toBe(200);
    const text = await res.text();
    const shared = JSON.parse(text);
    expect(Object.keys(shared).sort()).toEqual(
      [
        'assumptions',
        'business_name',
        'country',
        'currency',
        'expires_at',
        'locale',
        'scenarios',
        'stage',
      ].sort(),
    );
    expect(shared).toMatchObject({ business_name: 'Cestas Compartidas', assumptions: shopPlan.assumptions });
    expect(text).not.toContain('Dato privado del dueño');
    expect(text).not.toContain('@example.com');
    await open(tokenOf(share));
    const listed = (await (await json(who.cookie, 'GET', sharesOf(who.businessId))).json()) as PlanShare[];
    expect(listed).toMatchObject([{ id: share.id, views: 2, active: true, url: share.url }]);
    // Its document too, signed out.
    const pdf = await t.request(`/api/shared/plans/${tokenOf(share)}/document?format=pdf&kind=one-pager`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('answers 404 once revoked, for the plan and its document', async () => {
    const { who, share } = await ownerWithShare();
    expect((await open(tokenOf(share))).status).toBe(200);
    expect((await json(who.cookie, 'DELETE', `${sharesOf(who.businessId)}/${share.id}`)).status).toBe(204);
    expect((await open(tokenOf(share))).status).toBe(404);
    expect((await t.request(`/api/shared/plans/${tokenOf(share)}/document?format=docx`)).status).toBe(404);
    const [listed] = (await (await json(who.cookie, 'GET', sharesOf(who.businessId))).json()) as PlanShare[];
    expect(listed).toMatchObject({ active: false });
    expect(listed?.revoked_at).not.toBeNull();
  });

  it('answers 404 once expired, by the token itself and by the stored expiry', async () => {
    const { share } = await ownerWithShare();
    const key = shareKey(t.env.BETTER_AUTH_SECRET ?? '');
    const token = tokenOf(share);
    expect(checkToken(key, token)).not.toBeNull();
    expect(checkToken(key, token, new Date(Date.parse(share.expires_at) + 1000))).toBeNull();
    await t.database.db
      .update(planShares)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(planShares.id, share.id));
    expect((await open(token)).status).toBe(404);
  });

  it('never reaches another plan through a link: a changed id, expiry or signature is refused', async () => {
    const { share: mine } = await ownerWithShare();
    const { share: theirs } = await ownerWithShare();
    const [myId, myExpiry, mySignature] = tokenOf(mine).split('.') as [string, string, string];
    const [theirId, theirExpiry] = tokenOf(theirs).split('.') as [string, string];
    for (const forged of [
      `${theirId}.${myExpiry}.${mySignature}`,
      `${myId}.${String(Number(myExpiry) + 86_400 * 365)}.${mySignature}`,
      `${myId}.${myExpiry}.${'A'.repeat(32)}`,
      `${theirId}.${theirExpiry}`,
      theirId,
    ]) {
      const res = await open(forged);
      expect(res.status, forged).toBe(404);
      expect(await res.text()).not.toContain('Cestas Compartidas');
    }
    // A validly signed token for an id that is not a share is refused as well.
    const key = shareKey(t.env.BETTER_AUTH_SECRET ?? '');
    expect((await open(shareToken(key, 'x'.repeat(22), new Date(Date.now() + 86_400_000)))).status).toBe(404);
  });

  it("is the owner's to make, list and revoke; Starter has no links", async () => {
    const { who, share } = await ownerWithShare();
    const stranger = await chatOwner(t, { planId: 11, credits: 10 });
    expect((await json(stranger.cookie, 'POST', sharesOf(who.businessId), { days: 7 })).status).toBe(404);
    expect((await json(stranger.cookie, 'GET', sharesOf(who.businessId))).status).toBe(404);
    expect((await json(stranger.cookie, 'DELETE', `${sharesOf(who.businessId)}/${share.id}`)).status).toBe(
      404,
    );
    expect(
      (await json(stranger.cookie, 'DELETE', `${sharesOf(stranger.businessId)}/${share.id}`)).status,
    ).toBe(404);
    expect((await open(tokenOf(share))).status).toBe(200);
    const starter = await chatOwner(t, { planId: 9, credits: 10 });
    const refused = await json(starter.cookie, 'POST', sharesOf(starter.businessId), { days: 7 });
    expect(refused.status).toBe(403);
    expect((await json(who.cookie, 'POST', sharesOf(who.businessId), { days: 14 })).status).toBe(400);
  });
});
