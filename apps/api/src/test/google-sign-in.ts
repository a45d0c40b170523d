import { cookiesOf, TEST_PUBLIC_URL, type TestApp } from './app.ts';

/** Cookies by name, as a browser keeps them for one site. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const pair of cookiesOf(res).split('; ').filter(Boolean)) {
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The form the fake provider's page shows (login or consent), as the browser would submit it. */
function formOf(html: string, fields: Record<string, string>): { action: string; body: string } | undefined {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
  if (!action || !prompt) return undefined;
  const body = new URLSearchParams({ prompt, ...(prompt === 'login' ? fields : {}) });
  return { action: action.replace(/&amp;/g, '&'), body: body.toString() };
}

/**
 * 'Continuar con Google' against the fake OpenID provider (test/fakes/oidc.ts), driven over HTTP as a
 * browser would: the app's sign-in call, the provider's login and consent pages (skipped when the
 * provider remembers the user through `provider`'s cookies), and the app's callback. Returns the
 * callback's answer: its redirect and the cookies it set.
 */
export async function googleSignIn(
  t: TestApp,
  email: string,
  provider: CookieJar = new CookieJar(),
): Promise<{ callback: Response; provider: CookieJar }> {
  const app = new CookieJar();
  const start = await t.request('/api/auth/sign-in/social', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      provider: 'google',
      callbackURL: '/',
      newUserCallbackURL: '/onboard',
      errorCallbackURL: '/?authError=google',
    }),
  });
  if (start.status !== 200) throw new Error(`sign-in/social answered ${start.status}`);
  app.take(start);
  let url = ((await start.json()) as { url: string }).url;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(TEST_PUBLIC_URL)) {
      const callback = await t.request(url.slice(TEST_PUBLIC_URL.length), {
        headers: { cookie: app.header() },
      });
      return { callback, provider };
    }
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: provider.header() },
    });
    provider.take(res);
    init = {};
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const form = formOf(await res.text(), { login: email, password: 'cualquiera' });
    if (!form) throw new Error(`the provider answered ${res.status} without a form at ${url}`);
    url = new URL(form.action, url).toString();
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.body,
    };
  }
  throw new Error('the Google sign-in never came back to the app');
}
