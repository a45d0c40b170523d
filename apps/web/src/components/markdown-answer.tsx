import { memo } from 'react';
import { type Components, defaultRehypePlugins, Streamdown } from 'streamdown';
import { markdownAnswerCopy as translations } from '../config/copy/markdown-answer.es.ts';
import { answerTextClass } from './answer-text.ts';

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
 * shown closed rather than as raw symbols. The chat loads this module on demand
 * (markdown-answer-loader.ts): import it statically nowhere else.
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
      className={answerTextClass}
    >
      {text}
    </Streamdown>
  );
});
