/**
 * What the loopback model answers in the browser tests: a markdown answer with a heading, a list, a
 * bold word and a table; a long slow one when the question asks for it (to stop it or leave mid-way);
 * and a short title when asked to name a thread.
 */
import { type FakeScript, type RecordedRequest, tokenize } from '../../apps/api/src/test/fakes/openai.ts';

export const MODEL_TITLE = 'Validar la idea';

export const MARKDOWN_ANSWER = [
  '## Plan de validación',
  '',
  'Empieza por lo **esencial** antes de invertir:',
  '',
  '- Habla con 10 clientes potenciales',
  '- Mide cuántos pagarían por adelantado',
  '',
  '| Paso | Coste |',
  '| --- | --- |',
  '| Entrevistas | 0 € |',
  '| Landing | 50 € |',
  '',
  'Con esto sabrás si merece la pena seguir.',
].join('\n');

/** Questions containing this word get the slow answer. */
export const SLOW_WORD = 'despacio';
export const SLOW_ANSWER_WORDS = 400;
export const slowWord = (index: number) => `palabra${index}`;

function lastUserText(body: RecordedRequest['body']): string {
  const last = [...body.messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return JSON.stringify(last.content);
}

export function e2eModelScript(body: RecordedRequest['body']): FakeScript {
  if (!body.stream) return { tokens: [MODEL_TITLE] };
  if (lastUserText(body).includes(SLOW_WORD)) {
    const words = Array.from({ length: SLOW_ANSWER_WORDS }, (_, i) => slowWord(i + 1)).join(' ');
    return { tokens: tokenize(words), firstTokenDelayMs: 100, tokenDelayMs: 40 };
  }
  return { tokens: tokenize(MARKDOWN_ANSWER), firstTokenDelayMs: 150, tokenDelayMs: 15 };
}
