import crypto from 'node:crypto';
import { base32 } from '@better-auth/utils/base32';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { symmetricEncrypt } from 'better-auth/crypto';

/** Better Auth's endpoint that draws an authenticator secret and answers its `otpauth://` address. */
const ENABLE_PATH = '/two-factor/enable';
/** The two-factor plugin's table, by its model name. */
const TWO_FACTOR_MODEL = 'twoFactor';
/** 20 bytes: the key length RFC 4226 recommends, written as the usual 32 base32 characters. */
const KEY_BYTES = 20;

/**
 * A new authenticator secret of KEY_BYTES bytes. The library keys its codes with the UTF-8 bytes of the
 * stored string, so each byte is drawn below 0x80 (one UTF-8 byte per character): 140 random bits,
 * above RFC 4226's 128-bit floor.
 */
function authenticatorSecret(): string {
  return String.fromCharCode(...crypto.randomBytes(KEY_BYTES).map((byte) => byte & 0x7f));
}

/**
 * The key in the standard 32-character form (ADR 0054). Better Auth 1.7's `enable` draws a 32-character
 * secret (52 base32 characters to type); right after it, this replaces the stored secret, still not
 * verified, with a 20-byte one and answers its address. Verification, sign-in and `get-totp-uri` read
 * the stored secret, so the whole flow stays the library's.
 */
export function standardAuthenticatorKey(): BetterAuthPlugin {
  return {
    id: 'standard-authenticator-key',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === ENABLE_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { totpURI?: unknown } | undefined;
            const user = ctx.context.session?.user;
            if (typeof returned?.totpURI !== 'string' || !user) return;
            const secret = authenticatorSecret();
            await ctx.context.adapter.update({
              model: TWO_FACTOR_MODEL,
              where: [{ field: 'userId', value: user.id }],
              update: { secret: await symmetricEncrypt({ key: ctx.context.secretConfig, data: secret }) },
            });
            const address = new URL(returned.totpURI);
            address.searchParams.set('secret', base32.encode(secret, { padding: false }));
            return ctx.json({ ...returned, totpURI: address.toString() });
          }),
        },
      ],
    },
  };
}
