/**
 * What reading a user's document may cost (issue 13): a file within the upload limits can still
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

/** One document's reading, in its own thread: wall-clock time and heap. */
export const EXTRACTION_TIMEOUT_MS = 20_000;
export const EXTRACTION_HEAP_MB = 256;
/** What one reading may add to the process's resident memory, heap and buffers together. */
export const EXTRACTION_MEMORY_MB = 512;
/** Documents read at once (each takes a core) and waiting beyond them; more are refused for now. */
export const EXTRACTIONS_AT_ONCE = 2;
export const EXTRACTIONS_WAITING = 4;
