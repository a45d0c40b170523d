/**
 * The markdown renderer of AI answers (markdown-answer.tsx: Streamdown and the parsers it brings, about
 * 105 KB gzip) is a chunk of its own. A new empty chat, the screen a visit to the chat opens on, shows no
 * answer: it neither downloads that code nor spends its first paint running it. The chat loads it as
 * soon as it knows an answer will follow.
 */

type MarkdownAnswerModule = typeof import('./markdown-answer.tsx');

let loading: Promise<MarkdownAnswerModule> | undefined;

/** The renderer's module, downloaded once: what `lazy()` renders answers with. */
export function loadMarkdownAnswer(): Promise<MarkdownAnswerModule> {
  loading ??= import('./markdown-answer.tsx').catch((error: unknown) => {
    // A download that failed (a dropped connection) is tried again by the next call.
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Starts that download without waiting for it: called when a stored thread starts opening and when the
 * user starts writing or sends, so that the first answer does not wait for its renderer. A failure is
 * left to the answer's own load, which tries again.
 */
export function preloadMarkdownAnswer(): void {
  loadMarkdownAnswer().catch(() => {});
}
