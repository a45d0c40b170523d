import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { businessCalls, idea, png } from '../../test/businesses-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const { newUser, send, uploadLogo } = businessCalls(() => t);

describe('logos', () => {
  async function business(): Promise<{ cookie: string; url: string }> {
    const { cookie } = await newUser(7);
    const { id } = (await (await send(cookie, 'POST', '/api/businesses/ideas', idea)).json()) as {
      id: number;
    };
    return { cookie, url: `/api/businesses/ideas/${id}/logo` };
  }

  it('stores a large PNG as an image of at most 512 px, served with a cache-busting URL', async () => {
    const { cookie, url } = await business();
    const res = await uploadLogo(cookie, url, await png(2000, 1000), 'grande.png', 'image/png');
    expect(res.status).toBe(200);
    const { logo_url } = (await res.json()) as { logo_url: string };
    expect(logo_url).toMatch(/^\/api\/businesses\/ideas\/\d+\/logo\?v=[0-9a-f]+$/);
    const image = await send(cookie, 'GET', logo_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);

    const again = (await (
      await uploadLogo(cookie, url, await png(20, 20), 'otro.png', 'image/png')
    ).json()) as {
      logo_url: string;
    };
    expect(again.logo_url).not.toBe(logo_url);
  });

  it('refuses a GIF renamed .png, checking the bytes rather than the name', async () => {
    const { cookie, url } = await business();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await uploadLogo(cookie, url, gif, 'logo.png', 'image/png');
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      message: 'El logo debe ser una imagen JPEG, PNG o WebP',
      field: 'file',
    });
  });

  it('refuses an image over 5 MB with a Spanish message', async () => {
    const { cookie, url } = await business();
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await png(4, 4));
    const res = await uploadLogo(cookie, url, big, 'enorme.png', 'image/png');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ message: 'El logo no puede superar 5 MB' });
  });

  it('removes the logo', async () => {
    const { cookie, url } = await business();
    await uploadLogo(cookie, url, await png(30, 30), 'a.png', 'image/png');
    expect((await send(cookie, 'DELETE', url)).status).toBe(204);
    expect((await send(cookie, 'GET', url)).status).toBe(404);
  });
});
