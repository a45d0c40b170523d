import path from 'node:path';
import type { Rolldown } from 'vite';

/**
 * The code of a first visit in a few chunks (ADR 0052). Left to itself the bundler splits it into some
 * twenty small shared chunks, and on a phone's network the browser fetches them six at a time, a round trip
 * per batch, before the first screen can show. So: the start every address loads (the root route with the
 * app modules it imports statically, and the package code they use) is one chunk; each first screen's code
 * that only it uses is another; what a screen shares with later screens (buttons, fields, icons) is a third,
 * which those screens import as before.
 */
export function firstScreenChunks(
  root: string,
  { start, screens }: { start: string; screens: Record<string, string> },
): Rolldown.CodeSplittingGroup[] {
  let plan: Map<string, string> | undefined;
  const groupOf = (id: string, ctx: Rolldown.ChunkingContext) => {
    plan ??= planGroups(root, { start, screens }, ctx);
    return plan.get(id) ?? null;
  };
  const names = ['start', ...Object.keys(screens).flatMap((name) => [`${name}-shared`, name])];
  // The start's group goes first: its code never waits on a screen's chunk.
  return names.map((name, index) => ({
    debugName: name,
    priority: names.length - index,
    name: (id, ctx) => (groupOf(id, ctx) === name ? name : null),
  }));
}

/** Which group each module of the first visit goes to, by module id. */
export function planGroups(
  root: string,
  { start, screens }: { start: string; screens: Record<string, string> },
  ctx: Pick<Rolldown.ChunkingContext, 'getModuleInfo'>,
): Map<string, string> {
  const plan = new Map<string, string>();
  const startCode = staticClosure(path.resolve(root, start), ctx);
  for (const id of startCode) plan.set(id, 'start');
  for (const [name, module] of Object.entries(screens)) {
    const own = staticClosure(path.resolve(root, module), ctx);
    const shared = new Set<string>();
    for (const id of own) {
      const importers = ctx.getModuleInfo(id)?.importers ?? [];
      if (!importers.every((importer) => own.has(importer) || startCode.has(importer))) {
        // What a shared module imports comes with it: a later screen must not need the screen's own chunk.
        for (const needed of staticClosure(id, ctx)) shared.add(needed);
      }
    }
    for (const id of own) {
      if (!plan.has(id)) plan.set(id, shared.has(id) ? `${name}-shared` : name);
    }
  }
  return plan;
}

/**
 * Only the app's own modules are placed by name. Packages and the shared contract stay with the bundler,
 * which brings into each group only the package code its modules use: a walk through a package's index
 * would take all it re-exports (all of React Router, every contract schema) into the first chunks, to be
 * downloaded, and built, on every start.
 */
const LEFT_TO_THE_BUNDLER = /[\\/](?:packages[\\/]contract|node_modules)[\\/]/;

/** A module and the app modules it imports statically (not what it loads on demand). */
function staticClosure(module: string, ctx: Pick<Rolldown.ChunkingContext, 'getModuleInfo'>): Set<string> {
  const seen = new Set<string>();
  const pending = [module];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) {
      if (!LEFT_TO_THE_BUNDLER.test(imported)) pending.push(imported);
    }
  }
  return seen;
}
