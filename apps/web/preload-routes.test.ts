// @vitest-environment node
import type { HtmlTagDescriptor, IndexHtmlTransformContext, Plugin, ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_PRELOAD } from '../../packages/contract/src/public-config-meta.ts';
import { preloadRoutes } from './preload-routes.ts';

// What the bundler hands the plugin: the entry imports the start; the login's chunk imports what it shares.
const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  imports,
});
const BUNDLE = {
  entry: chunk('assets/index.js', ['/app/src/main.tsx'], ['assets/start.js']),
  start: chunk('assets/start.js', ['/app/src/root.tsx']),
  login: chunk('assets/login.js', ['/app/src/login.tsx'], ['assets/login-shared.js', 'assets/start.js']),
  shared: chunk('assets/login-shared.js', ['/app/src/button.tsx']),
  chat: chunk('assets/chat.js', ['/app/src/chat.tsx'], ['assets/login-shared.js']),
};

function preloads(plugin: Plugin): HtmlTagDescriptor[] {
  (plugin.configResolved as (config: ResolvedConfig) => void)({ root: '/app' } as ResolvedConfig);
  const transform = plugin.transformIndexHtml as {
    handler: (html: string, ctx: IndexHtmlTransformContext) => HtmlTagDescriptor[];
  };
  return transform.handler('', {
    bundle: BUNDLE,
    chunk: BUNDLE.entry,
  } as unknown as IndexHtmlTransformContext);
}

describe('the first screens announced in the page', () => {
  const tags = preloads(preloadRoutes({ always: ['src/root.tsx'], signedOut: ['src/login.tsx'] }));
  const byHref = Object.fromEntries(tags.map((tag) => [tag.attrs?.href, tag.attrs]));

  it("preloads the login's chunk and what it imports, not what the entry already imports", () => {
    expect(Object.keys(byHref).sort()).toEqual(['/assets/login-shared.js', '/assets/login.js']);
    expect(byHref['/assets/login.js']).toMatchObject({ rel: 'modulepreload', crossorigin: true });
  });

  it("marks the login screen's own chunk for the server to leave out of a signed-in page, and only it", () => {
    expect(byHref['/assets/login.js']?.[SIGNED_OUT_PRELOAD]).toBe(true);
    // Shared with later screens (the chat imports it): a signed-in page keeps it.
    expect(byHref['/assets/login-shared.js']?.[SIGNED_OUT_PRELOAD]).toBeUndefined();
  });
});
