/** A stored attachment's owner-only address (the API's attachment route). */
const ATTACHMENT_PATH = /^\/api\/businesses\/\d+\/chats\/\d+\/attachments\/[\w-]+$/;

/**
 * The address the viewer may read a PDF from, or null: a stored attachment of this app, or a file the
 * user has just sent from this app (a `blob:` address of this origin). The viewer's own address
 * carries it, so anything else written there (another site, another API route) is refused.
 */
export function pdfSource(src: string | null, origin: string): string | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.protocol === 'blob:') return url.href;
  const isAttachment = ATTACHMENT_PATH.test(url.pathname) && url.search === '' && url.hash === '';
  return isAttachment ? url.pathname : null;
}

/** Whether an attachment is a PDF: by the type the server found in it, else by what the browser says. */
export function isPdf(file: { mimeType?: string; name: string }): boolean {
  if (file.mimeType) return file.mimeType === 'application/pdf';
  return /\.pdf$/i.test(file.name);
}
