import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstScreenChunks } from './first-screen-chunks.ts';
import { precompress } from './precompress.ts';
import { preloadRoutes } from './preload-routes.ts';

const API_DEV_ORIGIN = 'http://localhost:3000';
const ROOT = fileURLToPath(new URL('.', import.meta.url));
/** What a first visit shows: the root every address loads, and the login every signed-out visit shows. */
const FIRST_SCREENS = {
  root: 'src/app/routes/root.tsx',
  login: 'src/features/auth/components/login-screen.tsx',
};

/**
 * In development Vite serves index.html itself, so it asks the API for the same public config
 * that the production server writes into the page.
 */
function devPublicConfig(): Plugin {
  return {
    name: 'rumbo-dev-public-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      try {
        const config = (await (await fetch(`${API_DEV_ORIGIN}/api/config`)).json()) as {
          productName: string;
        };
        const escaped = JSON.stringify(config).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
        return html
          .replace(/<title>[^<]*<\/title>/, `<title>${config.productName}</title>`)
          .replace('</head>', `<meta name="rumbo-config" content="${escaped}" />\n</head>`);
      } catch {
        return html;
      }
    },
  };
}

/**
 * React Router's production build, for production bundles. Its package exports point every condition at
 * `dist/development`, so a bundle gets its development build: dev-only checks and warnings run on every
 * navigation and render (remix-run/react-router#12532, #14102). Exactly `react-router` and
 * `react-router/dom` are mapped, both to `dist/production`, so that the bundle never holds two copies (two
 * copies would not share the router's contexts).
 */
function reactRouterProduction() {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command, mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    devPublicConfig(),
    preloadRoutes({ always: [FIRST_SCREENS.root], signedOut: [FIRST_SCREENS.login] }),
    precompress(),
  ],
  resolve: {
    alias: [
      // The chat renders the model's markdown without raw HTML, so Streamdown's raw-HTML plugin and
      // its HTML parser stay out of the bundle (see src/lib/no-raw-html.ts).
      {
        find: 'rehype-raw',
        replacement: fileURLToPath(new URL('./src/lib/no-raw-html.ts', import.meta.url)),
      },
      // Development (`vite`) and the tests keep the development build and its warnings.
      ...(command === 'build' && mode === 'production' ? reactRouterProduction() : []),
    ],
  },
  server: { proxy: { '/api': API_DEV_ORIGIN } },
  build: {
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: firstScreenChunks(ROOT, {
            start: FIRST_SCREENS.root,
            screens: { login: FIRST_SCREENS.login },
          }),
        },
      },
    },
  },
}));
