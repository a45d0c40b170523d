import { describe, expect, it } from 'vitest';
import { markdownToText } from './markdown-text.ts';

describe('an answer copied as text', () => {
  it('keeps what a reader sees and drops the Markdown marks', () => {
    const markdown = [
      '## Plan de validación',
      '',
      'Empieza por lo **esencial** y lo _urgente_ (ver [la guía](https://example.com/guia)):',
      '',
      '- Habla con 10 clientes',
      '- Usa `Excel`',
      '',
      '| Paso | Coste |',
      '| --- | --- |',
      '| Entrevistas | 0 € |',
      '',
      '```',
      'código',
      '```',
    ].join('\n');
    expect(markdownToText(markdown)).toBe(
      [
        'Plan de validación',
        '',
        'Empieza por lo esencial y lo urgente (ver la guía (https://example.com/guia)):',
        '',
        '• Habla con 10 clientes',
        '• Usa Excel',
        '',
        'Paso\tCoste',
        'Entrevistas\t0 €',
        '',
        'código',
      ].join('\n'),
    );
  });

  it('leaves words with underscores or asterisks inside them alone', () => {
    expect(markdownToText('snake_case_name y 2*3*4')).toBe('snake_case_name y 2*3*4');
  });
});
