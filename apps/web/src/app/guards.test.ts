import { describe, expect, it } from 'vitest';
import { isOpenPath, signedInRedirect } from './guards.ts';

describe('isOpenPath (product.md §2.2)', () => {
  it.each([
    '/reset-password',
    '/stripe_success',
    '/stripe_cancel',
    '/terminos',
    '/privacidad',
    '/baja',
    '/terminos/',
  ])('%s needs no login', (path) => {
    expect(isOpenPath(path)).toBe(true);
  });

  it.each(['/', '/chats', '/plans', '/onboard', '/register', '/profile/sub'])('%s needs a login', (path) => {
    expect(isOpenPath(path)).toBe(false);
  });
});

describe('signedInRedirect (ADR 0006)', () => {
  it.each(['/onboard', '/plans', '/register', '/admin'])('lets a user without a plan stay on %s', (path) => {
    expect(signedInRedirect(path, -1)).toBeNull();
  });

  it.each(['/', '/chats', '/tools', '/profile'])('sends a user without a plan from %s to /plans', (path) => {
    expect(signedInRedirect(path, -1)).toBe('/plans');
  });

  it('lets a user with a plan through anywhere but the steps they finished', () => {
    expect(signedInRedirect('/chats', 9)).toBeNull();
    expect(signedInRedirect('/profile/sub', 12)).toBeNull();
    expect(signedInRedirect('/register', 5)).toBeNull();
  });

  it.each(['/onboard', '/plans', '/plans/'])('sends a user with a plan from %s home', (path) => {
    expect(signedInRedirect(path, 9)).toBe('/');
    expect(signedInRedirect(path, 12)).toBe('/');
  });
});
