import { describe, expect, it } from 'vitest';
import { planGroups } from './first-screen-chunks.ts';

// A small module graph: who imports whom, as the bundler reports it.
const GRAPH: Record<string, string[]> = {
  '/app/src/root.tsx': [
    '/app/node_modules/router/index.js',
    '/packages/contract/src/index.ts',
    '/app/src/session.ts',
    '/app/src/copy.ts',
  ],
  '/app/src/session.ts': [],
  '/app/src/copy.ts': [],
  '/app/node_modules/router/index.js': ['/app/node_modules/react/index.js'],
  '/app/src/login.tsx': [
    '/app/src/login-form.tsx',
    '/app/src/button.tsx',
    '/app/node_modules/react/index.js',
  ],
  '/app/src/login-form.tsx': ['/app/src/text-field.tsx'],
  '/app/src/text-field.tsx': [],
  '/app/src/button.tsx': ['/app/src/icon.tsx'],
  '/app/src/icon.tsx': [],
  '/app/src/chat.tsx': ['/app/src/button.tsx'],
  '/packages/contract/src/index.ts': ['/packages/contract/src/schemas.ts'],
  '/packages/contract/src/schemas.ts': [],
  '/app/node_modules/react/index.js': [],
};

const importers = (id: string) => Object.keys(GRAPH).filter((from) => GRAPH[from]?.includes(id));
const ctx = {
  getModuleInfo: (id: string) =>
    GRAPH[id] ? ({ importedIds: GRAPH[id], importers: importers(id) } as never) : null,
};

describe('the first visit in three chunks', () => {
  const plan = planGroups('/app', { start: 'src/root.tsx', screens: { login: 'src/login.tsx' } }, ctx);

  it('puts the root and the app modules it imports in the start chunk', () => {
    expect(plan.get('/app/src/root.tsx')).toBe('start');
    expect(plan.get('/app/src/session.ts')).toBe('start');
    // Imported by the login too, but the start is loaded first on every address.
    expect(plan.get('/app/src/copy.ts')).toBe('start');
  });

  it("keeps the login's own code apart from what later screens share with it, with what that imports", () => {
    expect(plan.get('/app/src/login.tsx')).toBe('login');
    expect(plan.get('/app/src/login-form.tsx')).toBe('login');
    expect(plan.get('/app/src/text-field.tsx')).toBe('login');
    expect(plan.get('/app/src/button.tsx')).toBe('login-shared');
    // Only the button imports the icon, and the chat needs the button: the icon goes where the button goes.
    expect(plan.get('/app/src/icon.tsx')).toBe('login-shared');
    // A later screen itself is the bundler's to place.
    expect(plan.has('/app/src/chat.tsx')).toBe(false);
  });

  it('leaves packages and the contract to the bundler, which brings along only what is used', () => {
    expect(plan.has('/app/node_modules/router/index.js')).toBe(false);
    expect(plan.has('/app/node_modules/react/index.js')).toBe(false);
    expect(plan.has('/packages/contract/src/index.ts')).toBe(false);
    expect(plan.has('/packages/contract/src/schemas.ts')).toBe(false);
  });
});
