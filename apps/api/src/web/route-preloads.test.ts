import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRoutePreloads, withRoutePreloads } from './route-preloads.ts';

// The build's list of each address's chunks is a file on disk: nothing of it goes into a page unchecked.

let distDir: string;
const writeList = (list: unknown) =>
  fs.writeFileSync(path.join(distDir, 'route-preloads.json'), JSON.stringify(list));

beforeEach(() => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  for (const name of ['chat-Ab_1.js', 'dialog-x9.js'])
    fs.writeFileSync(path.join(distDir, 'assets', name), '');
  fs.writeFileSync(path.join(distDir, 'secret.js'), '');
});

afterEach(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe('the route preloads of a build', () => {
  it('are none for a build without the list', () => {
    expect(readRoutePreloads(distDir)).toEqual([]);
  });

  it("are the build's chunks per address prefix", () => {
    writeList({ '/chat/': ['assets/chat-Ab_1.js', 'assets/dialog-x9.js'] });
    expect(readRoutePreloads(distDir)).toEqual([
      { prefix: '/chat/', files: ['assets/chat-Ab_1.js', 'assets/dialog-x9.js'] },
    ]);
  });

  it('stop the server at start when the list names anything but a chunk in the build', () => {
    for (const name of [
      'assets/gone-1.js',
      'secret.js',
      '/assets/chat-Ab_1.js',
      'assets/../secret.js',
      'assets/chat-Ab_1.js"><script>alert(1)</script>',
      'https://cdn.example/x.js',
      'assets',
      7,
    ]) {
      writeList({ '/chat/': [name] });
      expect(() => readRoutePreloads(distDir), String(name)).toThrow('is not a chunk of the build');
    }
    for (const list of [['assets/chat-Ab_1.js'], null, { '/chat/': 'assets/chat-Ab_1.js' }, { chat: [] }]) {
      writeList(list);
      expect(() => readRoutePreloads(distDir), JSON.stringify(list)).toThrow('not a valid list');
    }
    fs.writeFileSync(path.join(distDir, 'route-preloads.json'), '{"/chat/": [');
    expect(() => readRoutePreloads(distDir)).toThrow('not a valid list');
  });
});

describe('a page with the route preloads', () => {
  const files = ['assets/chat-Ab_1.js', 'assets/dialog-x9.js'];

  it("has them after the page's own announcements", () => {
    const page =
      '<head>\n    <script type="module" src="/assets/index-1.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/start-1.js">\n' +
      '    <link rel="stylesheet" href="/assets/index-1.css">\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/login-1.js">\n  </head>';
    expect(withRoutePreloads(page, files)).toBe(
      page.replace(
        'login-1.js">',
        'login-1.js">\n    <link rel="modulepreload" crossorigin href="/assets/chat-Ab_1.js">' +
          '\n    <link rel="modulepreload" crossorigin href="/assets/dialog-x9.js">',
      ),
    );
  });

  it('has them at the end of its head when it announces nothing of its own, and is the page without any', () => {
    const page = '<head><title>Rumbo</title></head><body></body>';
    expect(withRoutePreloads(page, files.slice(0, 1))).toBe(
      '<head><title>Rumbo</title>\n    <link rel="modulepreload" crossorigin href="/assets/chat-Ab_1.js"></head><body></body>',
    );
    expect(withRoutePreloads(page, [])).toBe(page);
  });
});
