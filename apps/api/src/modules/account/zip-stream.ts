import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';

/**
 * A zip written as it is read (ADR 0058): entries go out in the order they are added, and a file's bytes
 * are read from its stream only as fast as `output` is read, so the archive never sits in memory.
 */
export interface ZipStream {
  /** The archive's bytes; its reader's pace is the pace of every file read. */
  output: Readable;
  addText(name: string, text: string): void;
  /**
   * Adds `source`'s bytes uncompressed; resolves once it has been read to its end into the archive, rejects
   * if it fails or the reader left.
   */
  addStream(name: string, source: Readable): Promise<void>;
  /** Writes the central directory; `output` ends after it. */
  end(): void;
  /** Ends `output` with `error`: its reader gets a cut download, never an archive that looks complete. */
  abort(error: Error): void;
}

export async function createZipStream(): Promise<ZipStream> {
  // Loaded at the first export, not at start (ADR 0027).
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let reading: Readable | undefined;
  // A reader that leaves (closed tab, lost connection) unpipes the archive: the file being read would
  // wait forever, with its descriptor or its storage connection open.
  output.once('close', () => reading?.destroy());
  // yazl reports a broken entry (a stream shorter than announced…) on the ZipFile, not on its output.
  zip.on('error', (error: Error) => output.destroy(error));

  // Folders get entries of their own before their first file, as zip tools (and the archive before ADR
  // 0058) list them.
  const folders = new Set<string>();
  const addFolders = (name: string) => {
    const parts = name.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const folder = `${parts.slice(0, i).join('/')}/`;
      if (folders.has(folder)) continue;
      folders.add(folder);
      zip.addEmptyDirectory(folder);
    }
  };

  return {
    output,
    addText(name, text) {
      addFolders(name);
      zip.addBuffer(Buffer.from(text), name);
    },
    async addStream(name, source) {
      if (output.destroyed) {
        source.destroy();
        throw new Error('the export was closed');
      }
      addFolders(name);
      reading = source;
      // Stored as they are: uploads are mostly compressed already (PDF, images, Office files), and
      // deflating them again cost a core ~10 s per 200 MB for next to nothing (ADR 0058).
      zip.addReadStream(source, name, { compress: false });
      try {
        await finished(source);
      } finally {
        reading = undefined;
      }
    },
    end() {
      zip.end();
    },
    abort(error) {
      reading?.destroy();
      output.destroy(error);
    },
  };
}
