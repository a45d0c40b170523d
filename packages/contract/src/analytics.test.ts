import { describe, expect, it } from 'vitest';
import { analyticsBatchSchema } from './analytics.ts';
import { membershipGroup, normalisePagePath, pageName, UNKNOWN_PAGE_NAME } from './analytics-rules.ts';

describe('product.md §2.12 page names', () => {
  it.each([
    ['/login', 'Login'],
    ['/register', 'Registro'],
    ['/forgottenPass', 'Contraseña olvidada'],
    ['/reset-password', 'Nueva contraseña'],
    ['/onboard', 'On Board'],
    ['/plans', 'Planes'],
    ['/', 'Dashboard Home'],
    ['/chats', 'Panel de negocios'],
    ['/tools', 'Panel de herramientas'],
    ['/new-business', 'Creación de negocio'],
    ['/edit-business', 'Edición de negocio'],
    ['/chat', 'Chat'],
    ['/profile', 'Perfil'],
    ['/profile/sub', 'Planes del perfil'],
    ['/stripe_success', 'Pago completado'],
  ])('%s is %s', (path, name) => {
    expect(pageName(path)).toBe(name);
  });

  it('reduces a path to its first segment, except /profile/sub', () => {
    expect(pageName('/chat/idea/42')).toBe('Chat');
    expect(pageName('/chats/true')).toBe('Panel de negocios');
    expect(pageName('/edit-business/established/7')).toBe('Edición de negocio');
    expect(pageName('/reset-password?mode=resetPassword&oobCode=abc')).toBe('Nueva contraseña');
    expect(pageName('/stripe_success?session_id=cs_1')).toBe('Pago completado');
    expect(pageName('/profile/sub/')).toBe('Planes del perfil');
    expect(normalisePagePath('/profile/sub')).toBe('/profile/sub');
    expect(normalisePagePath('/profile/otra')).toBe('/profile');
    expect(normalisePagePath('//chat//idea/1')).toBe('/chat');
  });

  it("names every other path 'Ruta desconocida'", () => {
    for (const path of ['/admin', '/report/3', '/stripe_cancel', '/privacidad', '/nada', '/Chat']) {
      expect(pageName(path), path).toBe(UNKNOWN_PAGE_NAME);
    }
    expect(UNKNOWN_PAGE_NAME).toBe('Ruta desconocida');
  });
});

describe('membership group (product.md §3)', () => {
  it('is FOUNDER for Founder, CEO for the three CEO plans, and none without a plan', () => {
    expect(membershipGroup(5)).toBe('FOUNDER');
    expect([7, 11, 12].map(membershipGroup)).toEqual(['CEO', 'CEO', 'CEO']);
    expect(membershipGroup(9)).toBe('STARTER');
    expect(membershipGroup(-1)).toBeNull();
  });
});

describe('analytics batch schema', () => {
  it("takes the spec's events, 'Mensaje enviado a' + a product name, and refuses other names", () => {
    const batch = (name: string) => ({ session_id: 'abcdefgh', events: [{ name }] });
    expect(analyticsBatchSchema.safeParse(batch('Página vista')).success).toBe(true);
    expect(analyticsBatchSchema.safeParse(batch('Mensaje enviado a Rumbo')).success).toBe(true);
    expect(analyticsBatchSchema.safeParse(batch('Negocio creado')).success).toBe(false);
    expect(analyticsBatchSchema.safeParse(batch('DROP TABLE')).success).toBe(false);
  });
});
