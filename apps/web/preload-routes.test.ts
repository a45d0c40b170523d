import { describe, expect, it } from 'vitest';
import { preloadRoutes, routePreloads } from './preload-routes.ts';

// A small build, as the bundler reports it: each chunk's modules and the chunks it imports statically.
// The chat's markdown renderer is a dynamic import: it is not among `imports`.
const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) => ({
  fileName,
  moduleIds,
  imports,
});
const CHUNKS = [
  chunk(
    'assets/index-1.js',
    ['/app/index.html', '/app/src/main.tsx'],
    ['assets/runtime-1.js', 'assets/start-1.js'],
  ),
  chunk('assets/runtime-1.js', []),
  chunk('assets/start-1.js', ['/app/src/root.tsx'], ['assets/runtime-1.js']),
  chunk('assets/login-1.js', ['/app/src/login.tsx'], ['assets/login-shared-1.js', 'assets/start-1.js']),
  chunk('assets/login-shared-1.js', ['/app/src/button.tsx'], ['assets/runtime-1.js']),
  chunk(
    'assets/chat-1.js',
    ['/app/src/chat.tsx'],
    ['assets/start-1.js', 'assets/schemas-1.js', 'assets/dialog-1.js', 'assets/login-shared-1.js'],
  ),
  chunk('assets/schemas-1.js', ['/app/src/schemas.ts'], ['assets/zod-1.js']),
  chunk('assets/zod-1.js', ['/app/node_modules/zod/index.js']),
  chunk('assets/dialog-1.js', ['/app/src/dialog.tsx'], ['assets/x-1.js', 'assets/index-1.js']),
  chunk('assets/x-1.js', ['/app/src/x.tsx']),
  chunk('assets/markdown-answer-1.js', ['/app/src/markdown-answer.tsx'], ['assets/zod-1.js']),
  chunk('assets/settings-1.js', ['/app/src/settings.tsx'], ['assets/dialog-1.js']),
];
const FIRST_SCREENS = ['src/root.tsx', 'src/login.tsx'];

describe("the chunks a route's page announces", () => {
  it("lists the route's chunk and what it imports statically, directly or not, and nothing the page already has", () => {
    const preloads = routePreloads(CHUNKS, '/app', ['assets/index-1.js'], FIRST_SCREENS, {
      '/chat/': 'src/chat.tsx',
    });
    expect(preloads).toEqual({
      '/chat/': [
        'assets/chat-1.js',
        'assets/schemas-1.js',
        'assets/zod-1.js',
        'assets/dialog-1.js',
        'assets/x-1.js',
      ],
    });
    // Loaded or announced by the page already: the entry, its imports and the first screens' chunks.
    // Loaded when needed: the markdown renderer.
  });

  it('lists each route on its own', () => {
    const preloads = routePreloads(CHUNKS, '/app', ['assets/index-1.js'], FIRST_SCREENS, {
      '/chat/': 'src/chat.tsx',
      '/settings/': 'src/settings.tsx',
    });
    expect(preloads['/settings/']).toEqual(['assets/settings-1.js', 'assets/dialog-1.js', 'assets/x-1.js']);
  });

  it('fails the build when a route module has no chunk', () => {
    expect(() =>
      routePreloads(CHUNKS, '/app', ['assets/index-1.js'], FIRST_SCREENS, { '/gone/': 'src/gone.tsx' }),
    ).toThrow('preloadRoutes: no chunk is built from src/gone.tsx');
  });
});

describe('the build', () => {
  it("writes the routes' chunks to route-preloads.json for the server", () => {
    const plugin = preloadRoutes(FIRST_SCREENS, { '/chat/': 'src/chat.tsx' });
    (plugin.configResolved as (config: { root: string }) => void)({ root: '/app' });
    const bundle = Object.fromEntries(
      CHUNKS.map((item) => [
        item.fileName,
        { ...item, type: 'chunk', isEntry: item.fileName === 'assets/index-1.js' },
      ]),
    );
    const emitted: Array<{ fileName: string; source: string }> = [];
    (plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void).call(
      { emitFile: (file: { fileName: string; source: string }) => emitted.push(file) },
      {},
      bundle,
    );
    expect(emitted.map((file) => file.fileName)).toEqual(['route-preloads.json']);
    expect(JSON.parse(emitted[0]?.source ?? '')).toEqual({
      '/chat/': [
        'assets/chat-1.js',
        'assets/schemas-1.js',
        'assets/zod-1.js',
        'assets/dialog-1.js',
        'assets/x-1.js',
      ],
    });
  });
});
