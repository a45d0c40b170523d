import { afterEach, describe, expect, it } from 'vitest';
import { checkClaims } from './check-claims.ts';
import { createGrounding, type Grounding, GroundingFailed } from './grounding-process.ts';

/**
 * The grounding process (ADR 0025): the research's CPU work answered by a child process, the same answers
 * as in the server's own thread, and a run that never waits on a process that is gone.
 */
const PAGE =
  'El sector creció un 6 % el último año según la asociación empresarial del país, con más clientes dispuestos a pagar por calidad. Hay 1.200 cafeterías de especialidad y facturan 120 millones de euros.';
const PARAGRAPH =
  '<p>El consumo de café de especialidad creció un 12 % en 2025 y ya hay más de 800 cafeterías en España.</p>\n';
/** A page of 1.5 MB: its HTML takes the process a good part of a second to read. */
const LONG_PAGE = `<html><head><title>Café</title></head><body><article>${PARAGRAPH.repeat(14_000)}</article></body></html>`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let grounding: Grounding | undefined;
afterEach(async () => {
  await grounding?.close();
  grounding = undefined;
});

describe('the grounding process', () => {
  it('does the work in a process of its own, with the answers of the server’s thread', async () => {
    grounding = createGrounding();
    const pid = await grounding.pid();
    expect(pid).not.toBe(process.pid);
    expect(grounding.pids()).toEqual([pid]);
    const claims = [
      {
        text: 'Según el INE, el mercado vale 120 M€ y crece un 12 % [1].',
        kind: 'fuente' as const,
        sources: [1],
      },
      { text: 'Hay 1.200 cafeterías de especialidad [1].', kind: 'fuente' as const, sources: [1] },
      {
        text: 'The market is growing fast and the customers are willing to pay.',
        kind: 'estimacion' as const,
        sources: [],
      },
    ];
    const sources = [{ number: 1, url: 'https://datos.example/sector', text: PAGE }];
    const checked = await grounding.checkSection({
      claims,
      sources,
      mode: 'web',
      key: 'mercado',
      advice: 'Consulta a tu gestoría.',
    });
    expect(checked).toEqual({
      ...checkClaims(claims.slice(0, 2), sources, 'web', 'mercado', 'Consulta a tu gestoría.'),
      notSpanish: [claims[2]?.text],
    });
    expect(await grounding.spanish(claims.map((c) => c.text))).toEqual([true, true, false]);
    expect(await grounding.supported([{ text: claims[1]?.text ?? '', sources: [1] }], sources)).toBe(1);
    const page = await grounding.readable(LONG_PAGE, false);
    expect(page.title).toBe('Café');
    expect(page.text).toHaveLength(20_000);
    // One process did it all.
    expect(await grounding.pid()).toBe(pid);
  });

  it('gives a task whose process is killed in the middle to a new process, and answers it', async () => {
    grounding = createGrounding();
    const first = await grounding.pid();
    const reading = grounding.readable(LONG_PAGE, false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    process.kill(first, 'SIGKILL');
    const page = await reading;
    expect(page.text).toHaveLength(20_000);
    const second = await grounding.pid();
    expect(second).not.toBe(first);
    expect(alive(first)).toBe(false);
  });

  it('kills a process that takes too long, fails its task, and works the next one in a new process', async () => {
    grounding = createGrounding({ timeoutMs: 100 });
    const first = await grounding.pid();
    await expect(grounding.readable(LONG_PAGE, false)).rejects.toBeInstanceOf(GroundingFailed);
    expect(alive(first)).toBe(false);
    const second = await grounding.pid();
    expect(second).not.toBe(first);
    expect(await grounding.passagesFor(PAGE, '¿Cuántas cafeterías de especialidad hay?')).toContain(
      '1.200 cafeterías',
    );
  });

  it('refuses a task larger than its bound without sending it', async () => {
    grounding = createGrounding({ taskMaxChars: 1_000 });
    await expect(grounding.readable('x'.repeat(1_001), true)).rejects.toBeInstanceOf(GroundingFailed);
    // Nothing was started for it.
    expect(grounding.pids()).toEqual([]);
    expect(await grounding.readable('  Hola\n\n\n\nmundo  ', true)).toEqual({
      title: '',
      text: 'Hola\n\nmundo',
    });
  });
});
