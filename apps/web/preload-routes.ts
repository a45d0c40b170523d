import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` for the code of the screens that a first visit shows (ADR 0052): the
 * root route, which every address loads, and the login screen, which every signed-out visit shows. Without
 * them the browser learns of each only after the code before it has run: the entry, then the root, then
 * the session's answer, then the login screen, a round trip each on a phone's network.
 */
export function preloadRoutes(modules: string[]): Plugin {
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
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const preloaded = new Set([entry.fileName, ...entry.imports]);
        const wanted = new Set<string>();
        const add = (fileName: string) => {
          if (preloaded.has(fileName) || wanted.has(fileName)) return;
          wanted.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) add(imported);
        };
        for (const module of modules) {
          const id = path.resolve(root, module);
          const chunk = chunks.find((item) => item.moduleIds.includes(id));
          if (!chunk) throw new Error(`preloadRoutes: no chunk is built from ${module}`);
          add(chunk.fileName);
        }
        return [...wanted].map(
          (fileName): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head',
          }),
        );
      },
    },
  };
}
