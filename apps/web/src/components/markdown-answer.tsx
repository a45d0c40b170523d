import { memo } from 'react';
import { type Components, defaultRehypePlugins, Streamdown, type StreamdownTranslations } from 'streamdown';

/** Streamdown's own controls (copy a table or a code block…), in Spanish. */
const translations: StreamdownTranslations = {
  close: 'Cerrar',
  copied: 'Copiado',
  copyCode: 'Copiar código',
  copyLink: 'Copiar enlace',
  copyTable: 'Copiar tabla',
  copyTableAsCsv: 'Copiar tabla como CSV',
  copyTableAsMarkdown: 'Copiar tabla como Markdown',
  copyTableAsTsv: 'Copiar tabla como TSV',
  downloadDiagram: 'Descargar diagrama',
  downloadDiagramAsMmd: 'Descargar diagrama como MMD',
  downloadDiagramAsPng: 'Descargar diagrama como PNG',
  downloadDiagramAsSvg: 'Descargar diagrama como SVG',
  downloadFile: 'Descargar archivo',
  downloadImage: 'Descargar imagen',
  downloadTable: 'Descargar tabla',
  downloadTableAsCsv: 'Descargar tabla como CSV',
  downloadTableAsMarkdown: 'Descargar tabla como Markdown',
  errorMermaid: 'No se ha podido dibujar el diagrama',
  exitFullscreen: 'Salir de pantalla completa',
  externalLinkWarning: 'Vas a abrir un sitio web externo.',
  imageNotAvailable: 'Imagen no disponible',
  mermaidAriaLabel: 'Diagrama',
  mermaidFormatMmd: 'MMD',
  mermaidFormatPng: 'PNG',
  mermaidFormatSvg: 'SVG',
  openExternalLink: '¿Abrir el enlace externo?',
  openLink: 'Abrir enlace',
  resetView: 'Restablecer la vista',
  tableFormatCsv: 'CSV',
  tableFormatMarkdown: 'Markdown',
  tableFormatTsv: 'TSV',
  viewFullscreen: 'Ver en pantalla completa',
  zoomIn: 'Acercar',
  zoomOut: 'Alejar',
};

// No raw HTML from the model: without the `raw` plugin HTML stays text, `sanitize` drops anything
// unsafe that markdown itself can express (javascript: links…), and `harden` checks link targets.
const rehypePlugins = [defaultRehypePlugins.sanitize, defaultRehypePlugins.harden].filter(
  (plugin) => plugin !== undefined,
);

const components: Components = {
  // Streamdown draws bold as a styled span; a real <strong> keeps the emphasis for screen readers.
  strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
  a: ({ href, children }) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700"
    >
      {children}
    </a>
  ),
};

const controls = { table: true, code: true, mermaid: false, image: false } as const;

/**
 * An AI answer as sanitised markdown. Streamdown splits the text into blocks and memoises each, so
 * while an answer grows only its last block renders again, and an unfinished table or bold word is
 * shown closed rather than as raw symbols.
 */
export const MarkdownAnswer = memo(function MarkdownAnswer({
  text,
  streaming,
}: {
  text: string;
  streaming: boolean;
}) {
  return (
    <Streamdown
      mode={streaming ? 'streaming' : 'static'}
      isAnimating={streaming}
      parseIncompleteMarkdown
      skipHtml
      rehypePlugins={rehypePlugins}
      components={components}
      controls={controls}
      translations={translations}
      linkSafety={{ enabled: false }}
      lineNumbers={false}
      className="space-y-3 break-words text-[15px] leading-relaxed text-slate-800"
    >
      {text}
    </Streamdown>
  );
});
