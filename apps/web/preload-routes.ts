import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { SIGNED_OUT_PRELOAD } from '../../packages/contract/src/public-config-meta.ts';

/**
 * Adds `<link rel="modulepreload">` for the code of the screens that a first visit shows (ADR 0052): the
 * root route, which every address loads, and the login screen, which every signed-out visit shows. Without
 * them the browser learns of each only after the code before it has run: the entry, then the root, then
 * the session's answer, then the login screen, a round trip each on a phone's network. The preload of a
 * signed-out screen's own chunk carries SIGNED_OUT_PRELOAD, so that the server can leave it out of a page
 * served with a session cookie; the chunks it imports are shared with later screens and stay.
 */
export function preloadRoutes({ always, signedOut }: { always: string[]; signedOut: string[] }): Plugin {
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
        const chunkOf = (module: string) => {
          const id = path.resolve(root, module);
          const chunk = chunks.find((item) => item.moduleIds.includes(id));
          if (!chunk) throw new Error(`preloadRoutes: no chunk is built from ${module}`);
          return chunk.fileName;
        };
        const alwaysChunks = always.map(chunkOf);
        const signedOutChunks = signedOut.map(chunkOf);
        for (const fileName of [...alwaysChunks, ...signedOutChunks]) add(fileName);
        const signedOutOnly = new Set(signedOutChunks.filter((name) => !alwaysChunks.includes(name)));
        return [...wanted].map(
          (fileName): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: {
              rel: 'modulepreload',
              crossorigin: true,
              href: `/${fileName}`,
              ...(signedOutOnly.has(fileName) ? { [SIGNED_OUT_PRELOAD]: true } : {}),
            },
            injectTo: 'head',
          }),
        );
      },
    },
  };
}
