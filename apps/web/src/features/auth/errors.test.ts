import { describe, expect, it } from 'vitest';
import {
  type AuthErrorCode,
  type AuthView,
  authErrorMessage,
  oauthCallbackErrorCode,
  type RawAuthError,
  toAuthErrorCode,
} from './errors.ts';

/** Every auth row of product.md §8: the view, the failure as the server reports it, the text shown. */
const catalogue: Array<[AuthView, string, RawAuthError, string]> = [
  ['login', 'invalid-email', { status: 400, code: 'INVALID_EMAIL' }, 'Email no válido'],
  [
    'login',
    'invalid-credential',
    { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' },
    'Correo o contraseña incorrectos',
  ],
  ['login', 'user-not-found', { status: 404, code: 'USER_NOT_FOUND' }, 'Correo o contraseña incorrectos'],
  ['login', 'wrong-password', { status: 401, code: 'INVALID_PASSWORD' }, 'Correo o contraseña incorrectos'],
  [
    'login',
    'invalid-credential (our /token)',
    { status: 401, code: 'invalid-credential' },
    'Correo o contraseña incorrectos',
  ],
  [
    'login',
    'too-many-requests (lockout)',
    { status: 429, code: 'TOO_MANY_FAILED_SIGN_INS' },
    'Demasiados intentos fallidos, intenta más tarde',
  ],
  [
    'login',
    'too-many-requests (rate limit)',
    { status: 429 },
    'Demasiados intentos fallidos, intenta más tarde',
  ],
  ['login', 'popup closed or cancelled', { code: 'popup-closed-by-user' }, ''],
  ['login', 'other', { status: 500, code: 'INTERNAL_SERVER_ERROR' }, 'Error al inciar sesión'],
  ['login', 'other (offline)', { status: 0 }, 'Error al inciar sesión'],
  ['register', 'invalid-email', { status: 400, code: 'INVALID_EMAIL' }, 'Email no válido'],
  [
    'register',
    'invalid-email (schema)',
    { status: 400, code: 'VALIDATION_ERROR', message: '[body.email] Invalid email address' },
    'Email no válido',
  ],
  [
    'register',
    'email-already-in-use',
    { status: 422, code: 'USER_ALREADY_EXISTS' },
    'Ya existe una cuenta con este correo',
  ],
  [
    'register',
    'email-already-in-use (another e-mail)',
    { status: 422, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' },
    'Ya existe una cuenta con este correo',
  ],
  [
    'register',
    'password-does-not-meet-requirements',
    { status: 400, code: 'PASSWORD_TOO_SHORT' },
    'La contraseña debe tener al menos 8 caracteres',
  ],
  ['register', 'popup closed or cancelled', { code: 'popup-closed-by-user' }, ''],
  ['register', 'other', { status: 500 }, 'Error al crear la cuenta, intentelo más tarde.'],
  ['register', 'other (rate limit)', { status: 429 }, 'Error al crear la cuenta, intentelo más tarde.'],
  [
    'forgot',
    'invalid-email',
    { status: 400, code: 'VALIDATION_ERROR', message: '[body.email] Invalid email address' },
    'Email no válido',
  ],
  ['forgot', 'other', { status: 500 }, 'Error al recuperar contraseña, intentelo más tarde.'],
  ['reset', 'expired-action-code', { status: 400, code: 'expired-action-code' }, 'El enlace ha expirado'],
  [
    'reset',
    'invalid-action-code',
    { status: 400, code: 'invalid-action-code' },
    'El enlace no es válido o ya ha sido usado',
  ],
  ['reset', 'other', { status: 500, code: 'INTERNAL_ERROR' }, ''],
];

describe('product.md §8 error catalogue (accounts)', () => {
  it.each(catalogue)('%s, %s: shows %j', (view, _situation, error, text) => {
    expect(authErrorMessage(view, toAuthErrorCode(error))).toBe(text);
  });

  it('never tells a forgotten-password user that an address has no account (ADR 0004)', () => {
    for (const code of ['user-not-found', 'invalid-credential'] as AuthErrorCode[]) {
      expect(authErrorMessage('forgot', code)).not.toContain('No se ha encontrado usuario');
    }
  });

  it('says why a rate-limited reset does nothing, though other reset failures stay silent', () => {
    expect(authErrorMessage('reset', toAuthErrorCode({ status: 429, code: 'too-many-requests' }))).toBe(
      'Demasiados intentos fallidos, intenta más tarde',
    );
  });

  it('treats a missing error as other', () => {
    expect(toAuthErrorCode(undefined)).toBe('other');
    expect(toAuthErrorCode(null)).toBe('other');
  });
});

describe('a Google sign-in that comes back with an error (ADR 0005)', () => {
  it.each([
    ['access_denied', ''],
    ['account_not_linked', 'Ya existe una cuenta con este correo. Inicia sesión con tu contraseña.'],
    ['state_mismatch', 'Error al inciar sesión'],
    ['', 'Error al inciar sesión'],
  ])('error=%s shows %j', (error, text) => {
    expect(authErrorMessage('login', oauthCallbackErrorCode(error))).toBe(text);
  });
});
