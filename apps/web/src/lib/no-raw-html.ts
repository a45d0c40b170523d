/**
 * Stands in for `rehype-raw` in the build (vite.config.ts). Streamdown imports that plugin for its
 * default configuration, but the chat never lets the model's raw HTML through (markdown-answer.tsx
 * leaves the plugin out), and the HTML parser it brings weighs about 46 KB gzip.
 */
export default function rehypeRawDisabled() {
  return undefined;
}
