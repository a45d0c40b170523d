import type { MailContent } from './mail-content.ts';

/**
 * The HTML and plain-text parts of a mail, from the one template (mail-template.ts). React Email and its
 * renderer are loaded at the first mail, not at start (ADR 0027).
 */
export async function renderMail(mail: MailContent): Promise<{ html: string; text: string }> {
  const { renderTemplate } = await import('./mail-template.ts');
  return renderTemplate(mail);
}
