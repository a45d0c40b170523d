// @vitest-environment node
// The config runs in Node, as Vite runs it (jsdom's URL is not one Node's fileURLToPath accepts).
import fs from 'node:fs';
import type { Alias, ConfigEnv, UserConfig, UserConfigFnObject } from 'vite';
import { describe, expect, it } from 'vitest';
import config from './vite.config.ts';

/** Where the config's aliases send an import, as Vite matches them (a string also takes its subpaths). */
function aliasOf(id: string, env: Pick<ConfigEnv, 'command' | 'mode'>): string | undefined {
  const resolved = (config as UserConfigFnObject)({
    ...env,
    isSsrBuild: false,
    isPreview: false,
  }) as UserConfig;
  const aliases = (resolved.resolve?.alias ?? []) as Alias[];
  const hit = aliases.find(({ find }) =>
    typeof find === 'string' ? id === find || id.startsWith(`${find}/`) : find.test(id),
  );
  return hit?.replacement;
}

describe('React Router in the bundle', () => {
  it('is its production build in a production build, for the package and its dom entry', () => {
    const build = { command: 'build', mode: 'production' } as const;
    const router = aliasOf('react-router', build);
    const dom = aliasOf('react-router/dom', build);
    expect(router).toMatch(/[\\/]react-router[\\/]dist[\\/]production[\\/]index\.mjs$/);
    expect(dom).toMatch(/[\\/]react-router[\\/]dist[\\/]production[\\/]dom-export\.mjs$/);
    expect(fs.existsSync(router ?? '')).toBe(true);
    expect(fs.existsSync(dom ?? '')).toBe(true);
    // Only those two: the package's other entries are left to its exports.
    expect(aliasOf('react-router/internal', build)).toBeUndefined();
  });

  it('is what the package exports in development and in other modes', () => {
    expect(aliasOf('react-router', { command: 'serve', mode: 'development' })).toBeUndefined();
    expect(aliasOf('react-router', { command: 'build', mode: 'development' })).toBeUndefined();
    // The other alias stays in every mode.
    expect(aliasOf('rehype-raw', { command: 'serve', mode: 'development' })).toMatch(/no-raw-html\.ts$/);
  });
});
