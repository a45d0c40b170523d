import { renderMail } from './layout.ts';
import type { Mail } from './mailer.ts';

/** Who a notification's e-mail is for, and the links that stop it (ADR 0050, ADR 0056). */
export interface NotificationRecipient {
  to: string;
  name: string;
  productName: string;
  /** The page and the one-click address that turn off this kind (or, for a digest, every mail). */
  unsubscribe: { page: string; oneClick: string };
}

export interface NotificationLine {
  title: string;
  body: string;
  /** The address that opens it (through the app, which records the opening). */
  href: string;
}

const greeting = (name: string) => (name ? `Hola, ${name}:` : 'Hola:');

const headers = (recipient: NotificationRecipient) => ({
  'List-Unsubscribe': `<${recipient.unsubscribe.oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** One notification, by e-mail as soon as it happens: its title, its lines and the button that opens it. */
export async function notificationMail(recipient: NotificationRecipient, n: NotificationLine): Promise<Mail> {
  const parts = await renderMail({
    productName: recipient.productName,
    preview: n.body.split('\n')[0] ?? n.title,
    heading: n.title,
    greeting: greeting(recipient.name),
    paragraphs: n.body.split('\n').filter((line) => line.trim() !== ''),
    action: { label: `Abrir en ${recipient.productName}`, href: n.href },
    unsubscribe: {
      href: recipient.unsubscribe.page,
      text: 'Recibes este aviso porque lo tienes activado en las notificaciones de tu perfil.',
      label: 'Dejar de recibir este tipo de aviso',
    },
  });
  return { to: recipient.to, subject: n.title, ...parts, link: n.href, headers: headers(recipient) };
}

/** The daily or weekly digest: every notification of the period, each with its link. */
export async function digestMail(
  recipient: NotificationRecipient,
  digest: { weekly: boolean; items: NotificationLine[]; centreUrl: string },
): Promise<Mail> {
  const heading = digest.weekly ? 'Tu resumen de la semana' : 'Tu resumen del día';
  const parts = await renderMail({
    productName: recipient.productName,
    preview: `${digest.items.length} avisos de ${recipient.productName}`,
    heading,
    greeting: greeting(recipient.name),
    paragraphs: [
      digest.weekly ? 'Esto es lo que ha pasado esta semana:' : 'Esto es lo que ha pasado desde ayer:',
      ...digest.items.map((n) => `• ${n.title}: ${n.body.split('\n')[0] ?? ''} (${n.href})`),
    ],
    action: { label: 'Ver mis notificaciones', href: digest.centreUrl },
    unsubscribe: {
      href: recipient.unsubscribe.page,
      text: 'Recibes este resumen porque lo tienes activado en las notificaciones de tu perfil.',
      label: 'Dejar de recibir estos correos',
    },
  });
  return {
    to: recipient.to,
    subject: `${heading} en ${recipient.productName}`,
    ...parts,
    link: digest.centreUrl,
    headers: headers(recipient),
  };
}
