/** Longest chat title kept. */
export const TITLE_MAX_LENGTH = 60;

/** The instruction that asks the model for a chat's title from its first exchange. */
export function titlePrompt(question: string, answer: string): string {
  return `Escribe un título breve en español (de 3 a 6 palabras, sin comillas ni punto final) para una conversación entre un emprendedor y su mentor que empieza así.

Pregunta: ${question.slice(0, 1_000)}

Respuesta: ${answer.slice(0, 1_000)}

Responde solo con el título.`;
}

/** The first words of the question, when the model gives no usable title. */
export function fallbackTitle(question: string): string {
  const words = question.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  if (words.length === 0) return 'Archivos adjuntos';
  let title = '';
  for (const word of words.slice(0, 8)) {
    const next = title ? `${title} ${word}` : word;
    if (next.length > TITLE_MAX_LENGTH) break;
    title = next;
  }
  title ||= words[0]?.slice(0, TITLE_MAX_LENGTH - 3) ?? '';
  return title.length < question.trim().length ? `${title}…` : title;
}

/** A model's title made tidy: one line, no quotes, no trailing dot, not too long; null if unusable. */
export function cleanTitle(raw: string): string | null {
  const line = raw
    .replace(/<think>[\s\S]*?<\/think>/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  if (!line) return null;
  const title = line
    .replace(/^(t[íi]tulo)\s*:\s*/i, '')
    .replace(/^[#*\s"'«»“”]+|["'«»“”*\s.]+$/g, '')
    .trim();
  if (title.length < 2) return null;
  return title.length > TITLE_MAX_LENGTH ? `${title.slice(0, TITLE_MAX_LENGTH - 1).trimEnd()}…` : title;
}
