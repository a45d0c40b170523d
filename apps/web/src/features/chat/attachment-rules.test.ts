import { describe, expect, it } from 'vitest';
import { admitFiles } from './attachment-rules.ts';

const MB = 1024 * 1024;
const file = (name: string, size: number, type: string) => ({ name, size, type }) as unknown as File;

describe('which picked files are attached', () => {
  it('keeps images and documents, and tells why each other file is left out', () => {
    const { admitted, notices } = admitFiles(
      [],
      [
        file('plan.pdf', 1000, 'application/pdf'),
        file('foto.png', 1000, 'image/png'),
        file('vacío.txt', 0, 'text/plain'),
        file('programa.exe', 1000, 'application/x-msdownload'),
        file('enorme.pdf', 11 * MB, 'application/pdf'),
      ],
    );
    expect(admitted.map((f) => f.name)).toEqual(['plan.pdf', 'foto.png']);
    expect(notices).toEqual([
      '«vacío.txt» está vacío; no se adjuntará.',
      '«programa.exe» no se puede adjuntar: usa imágenes, PDF, Word (.docx) o archivos de texto (.txt).',
      '«enorme.pdf» ocupa más de 10 MB, el máximo por archivo; no se adjuntará.',
    ]);
  });

  it('stops at 5 files and at 25 MB in total, counting what is already attached', () => {
    const four = Array.from({ length: 4 }, () => ({ size: 1000 }));
    const more = admitFiles(four, [
      file('a.pdf', 10, 'application/pdf'),
      file('b.pdf', 10, 'application/pdf'),
    ]);
    expect(more.admitted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(more.notices).toEqual(['Puedes adjuntar como máximo 5 archivos por mensaje.']);

    const big = admitFiles([{ size: 9 * MB }, { size: 9 * MB }], [file('c.pdf', 8 * MB, 'application/pdf')]);
    expect(big.admitted).toEqual([]);
    expect(big.notices).toEqual(['Los archivos de un mensaje no pueden ocupar más de 25 MB en total.']);
  });

  it('recognises a document by its extension when the browser gives no type', () => {
    expect(admitFiles([], [file('informe.docx', 10, '')]).admitted).toHaveLength(1);
  });
});
