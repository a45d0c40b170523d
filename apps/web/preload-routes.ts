import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

/** Where the build lists, per address prefix, the chunks of that address's screen (read by the server). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

type BuiltChunk = Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'moduleIds'>;

/**
 * Adds `<link rel="modulepreload">` for the code of the screens that a first visit shows (ADR 0052): the
 * root route, which every address loads, and the login screen, which every signed-out visit shows. Without
 * them the browser learns of each only after the code before it has run: the entry, then the root, then
 * the session's answer, then the login screen, a round trip each on a phone's network.
 *
 * `routes` (address prefix → route module) are the screens a signed-in first visit may open on: the build
 * writes their chunks to `route-preloads.json` and the server announces them in the page it serves for
 * those addresses to a request with a session cookie (apps/api/src/web/route-preloads.ts). The page itself
 * is the same for every address, so it cannot name them.
 */
export function preloadRoutes(modules: string[], routes: Record<string, string> = {}): Plugin {
  let root = '';
  return {
    name: 'rumbo-preload-routes',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        return chunksToPreload(chunks, root, modules, staticImports(chunks, [entry.fileName])).map(
          (fileName): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head',
          }),
        );
      },
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      if (entries.length !== 1) throw new Error(`preloadRoutes: expected one entry chunk, found ${entries}`);
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(routePreloads(chunks, root, entries, modules, routes), null, 2)}\n`,
      });
    },
  };
}

/**
 * For each prefix, its route's chunk and the chunks that chunk imports statically, minus what the page
 * already loads or announces: the entry, its imports and the first screens. Dynamic imports (the chat's
 * markdown renderer) stay out: they are loaded when needed.
 */
export function routePreloads(
  chunks: BuiltChunk[],
  root: string,
  entries: string[],
  firstScreens: string[],
  routes: Record<string, string>,
): Record<string, string[]> {
  const inPage = staticImports(chunks, entries);
  for (const fileName of chunksToPreload(chunks, root, firstScreens, inPage)) inPage.add(fileName);
  return Object.fromEntries(
    Object.entries(routes).map(([prefix, module]) => [
      prefix,
      chunksToPreload(chunks, root, [module], inPage),
    ]),
  );
}

/** The chunks of `modules` and those they import statically, in that order, minus `loaded`. */
function chunksToPreload(
  chunks: BuiltChunk[],
  root: string,
  modules: string[],
  loaded: Set<string>,
): string[] {
  const wanted = new Set<string>();
  for (const module of modules) {
    const id = path.resolve(root, module);
    const chunk = chunks.find((item) => item.moduleIds.includes(id));
    if (!chunk) throw new Error(`preloadRoutes: no chunk is built from ${module}`);
    for (const fileName of staticImports(chunks, [chunk.fileName])) {
      if (!loaded.has(fileName)) wanted.add(fileName);
    }
  }
  return [...wanted];
}

/** `fileNames` and every chunk they import statically, directly or not. */
function staticImports(chunks: BuiltChunk[], fileNames: string[]): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Set<string>();
  const add = (fileName: string) => {
    if (found.has(fileName)) return;
    found.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) add(imported);
  };
  for (const fileName of fileNames) add(fileName);
  return found;
}
