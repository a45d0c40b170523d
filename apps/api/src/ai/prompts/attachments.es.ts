export interface AttachmentForPrompt {
  name: string;
  type: 'image' | 'document' | 'other';
  /** Text extracted at upload; null when the file has none (an image, a scanned PDF). */
  text: string | null;
}

/** Characters of attachment text given to the model per message. */
export const ATTACHMENT_TEXT_BUDGET = 40_000;

// A file's own text must not be able to close the block it sits in.
const neutralise = (text: string) =>
  text.replace(/<\/?(adjuntos|archivo)\b/gi, (tag) => tag.replace('<', '‹'));
const attribute = (value: string) => value.replace(/["<>\n\r]/g, ' ');

/**
 * The attachments of a message inside a clearly delimited block. Texts share `budget` characters in
 * order; what does not fit is cut with a note saying how much was left out. Images are sent as image
 * parts to models that read them (`imagesVisible`); otherwise the model is told it cannot see them.
 */
export function attachmentsBlock(
  files: AttachmentForPrompt[],
  options: { budget?: number; imagesVisible: boolean },
): string {
  if (files.length === 0) return '';
  let remaining = options.budget ?? ATTACHMENT_TEXT_BUDGET;
  const parts = files.map((file) => {
    const open = `<archivo nombre="${attribute(file.name)}">`;
    if (file.type === 'image') {
      const note = options.imagesVisible
        ? '[Imagen adjunta: la tienes a continuación como imagen.]'
        : '[Imagen adjunta: no puedes verla. Si su contenido importa, pide al usuario que la describa.]';
      return `${open}\n${note}\n</archivo>`;
    }
    const text = file.text?.trim() ?? '';
    if (text === '') {
      return `${open}\n[No se ha podido extraer texto de este archivo.]\n</archivo>`;
    }
    const shown = text.slice(0, Math.max(0, remaining));
    remaining -= shown.length;
    const note =
      shown.length < text.length
        ? `\n[Nota: texto recortado; se muestran ${shown.length.toLocaleString('es-ES')} de ${text.length.toLocaleString('es-ES')} caracteres.]`
        : '';
    return `${open}\n${neutralise(shown)}${note}\n</archivo>`;
  });
  return `<adjuntos>\n${parts.join('\n')}\n</adjuntos>`;
}
