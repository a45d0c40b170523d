import { html } from 'hono/html';
import type { Mail } from './mailer.ts';

/** The password-reset e-mail (Spanish, HTML and plain text). */
export function resetPasswordMail(input: {
  to: string;
  name: string;
  productName: string;
  link: string;
}): Mail {
  const { to, name, productName, link } = input;
  const greeting = name ? `Hola, ${name}:` : 'Hola:';
  const text = [
    greeting,
    '',
    `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${productName}.`,
    'Abre este enlace para elegir una nueva (caduca en 1 hora y solo puede usarse una vez):',
    '',
    link,
    '',
    'Si no has sido tú, ignora este correo: tu contraseña no cambiará.',
    '',
    `El equipo de ${productName}`,
  ].join('\n');
  const body = html`<!doctype html>
<html lang="es">
  <body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
    <table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
      <tr><td>
        <h1 style="font-size:20px;margin:0 0 16px">${productName}</h1>
        <p>${greeting}</p>
        <p>Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${productName}.</p>
        <p style="margin:24px 0">
          <a href="${link}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Restablecer contraseña</a>
        </p>
        <p style="font-size:14px;color:#475569">El enlace caduca en 1 hora y solo puede usarse una vez. Si el botón no funciona, copia esta dirección en tu navegador:<br /><a href="${link}">${link}</a></p>
        <p style="font-size:14px;color:#475569">Si no has sido tú, ignora este correo: tu contraseña no cambiará.</p>
        <p>El equipo de ${productName}</p>
      </td></tr>
    </table>
  </body>
</html>`.toString();
  return { to, subject: `Restablece tu contraseña de ${productName}`, html: body, text, link };
}
