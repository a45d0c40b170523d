/**
 * What reading a user's document may cost (README, Security): a file within the upload limits can still
 * unpack into far more work than its size suggests, so every reader works within these bounds.
 */

/** Extracted text kept per file (the prompt takes less: ATTACHMENT_TEXT_BUDGET). */
export const TEXT_MAX_CHARS = 500_000;
/** Pages of a PDF that are read; the rest are left out (a page tree may list one page 30,000 times). */
export const PDF_MAX_PAGES = 200;

/** A DOCX's parts, all together, once unzipped (real Word documents of hundreds of pages stay well below). */
export const DOCX_MAX_INFLATED_BYTES = 50 * 1024 * 1024;
/** Entries in a DOCX's zip (a Word document has a few dozen, a few hundred with many images). */
export const DOCX_MAX_ENTRIES = 1_000;
/** Inflated to compressed size of one part larger than 1 MB (Word's XML stays far below; a zip bomb is ~1,000). */
export const DOCX_MAX_RATIO = 100;

/** One document's reading, in a process of its own: wall-clock time and V8 heap. */
export const EXTRACTION_TIMEOUT_MS = 20_000;
export const EXTRACTION_HEAP_MB = 256;
/** A reading process's resident memory: its code, heap and the buffers a reader inflates into. */
export const EXTRACTION_MEMORY_MB = 512;
/**
 * What the server's resident memory, its reading processes' included, may add to its main process's
 * idle figure: room for two readings at their cap and the process kept started for the next one.
 */
export const EXTRACTION_SERVER_MEMORY_MB = 1_536;
/** A reading process that holds more than this after a document is replaced by a fresh one. */
export const EXTRACTION_RECYCLE_MB = 256;
/** Documents one reading process reads before it is replaced. */
export const EXTRACTIONS_PER_PROCESS = 100;
/** Documents read at once (each takes a core) and waiting beyond them; more are refused for now. */
export const EXTRACTIONS_AT_ONCE = 2;
export const EXTRACTIONS_WAITING = 4;
