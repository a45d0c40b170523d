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

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    devPublicConfig(),
    preloadRoutes([FIRST_SCREENS.root, FIRST_SCREENS.login]),
    precompress(),
  ],
  resolve: {
    // The chat renders the model's markdown without raw HTML, so Streamdown's raw-HTML plugin and
    // its HTML parser stay out of the bundle (see src/lib/no-raw-html.ts).
    alias: { 'rehype-raw': fileURLToPath(new URL('./src/lib/no-raw-html.ts', import.meta.url)) },
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
});
