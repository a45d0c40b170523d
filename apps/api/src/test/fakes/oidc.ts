import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface FakeOidc {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback standing in for Google. Its development login page
 * accepts any login: the login is the e-mail, and the name claim comes from `names` (absent when
 * not listed, as with a Google profile without a name).
 */
export async function startFakeOidc(options: {
  port?: number;
  redirectUri: string;
  names?: Record<string, string>;
}): Promise<FakeOidc> {
  const clientId = 'rumbo-test-client';
  const clientSecret = 'rumbo-test-secret';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['fake-oidc-cookie-key'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id,
        email_verified: true,
        ...(options.names?.[id] ? { name: options.names[id] } : {}),
      }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
