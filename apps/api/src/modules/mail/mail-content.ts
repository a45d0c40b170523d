/**
 * Every e-mail Rumbo sends is one of these (ADR 0050): a heading, paragraphs, an optional button with its
 * address written out below it, closing lines, and, for mails that are not about the account itself, the
 * way to stop them. One React Email template gives both the HTML and the plain-text part, so the two can
 * never say different things.
 */
export interface MailContent {
  productName: string;
  /** The inbox's preview line. */
  preview: string;
  heading: string;
  greeting: string;
  paragraphs: readonly string[];
  action?: { label: string; href: string; note?: string };
  closing?: readonly string[];
  /** Mails the user may turn off carry the link that does it without signing in. */
  unsubscribe?: { href: string; text: string; label: string };
}
