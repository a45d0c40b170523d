/**
 * An answer's Markdown as plain text, for 'Copiar como texto': what a reader sees, without the marks
 * (headings, emphasis, code fences, links' addresses kept after their text, tables as tab-separated rows).
 */
export function markdownToText(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line))
    .filter((line) => !/^\s*(```|~~~)/.test(line))
    .map((line) => {
      let text = line
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/^(\s*)[-*+]\s+\[( |x)\]\s+/i, '$1• ')
        .replace(/^(\s*)[-*+]\s+/, '$1• ')
        .replace(/^\s*>\s?/, '')
        .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, '$1 ($2)')
        .replace(/(\*\*|__)(.+?)\1/g, '$2')
        .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2')
        .replace(/~~(.+?)~~/g, '$1')
        .replace(/`([^`]+)`/g, '$1');
      if (/^\s*\|.*\|\s*$/.test(text)) {
        text = text
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((cell) => cell.trim())
          .join('\t');
      }
      return text;
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
