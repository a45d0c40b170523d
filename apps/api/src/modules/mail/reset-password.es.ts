import { renderMail } from './layout.ts';
import type { Mail } from './mailer.ts';

/** The password-reset e-mail (Spanish, HTML and plain text from one template, ADR 0050). */
export async function resetPasswordMail(input: {
  to: string;
  name: string;
  productName: string;
  link: string;
}): Promise<Mail> {
  const { to, name, productName, link } = input;
  const parts = await renderMail({
    productName,
    preview: 'Elige una nueva contraseña: el enlace caduca en 1 hora.',
    heading: 'Restablece tu contraseña',
    greeting: name ? `Hola, ${name}:` : 'Hola:',
    paragraphs: [
      `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${productName}.`,
      'Abre este enlace para elegir una nueva (caduca en 1 hora y solo puede usarse una vez):',
    ],
    action: { label: 'Restablecer contraseña', href: link },
    closing: ['Si no has sido tú, ignora este correo: tu contraseña no cambiará.'],
  });
  return { to, subject: `Restablece tu contraseña de ${productName}`, ...parts, link };
}
