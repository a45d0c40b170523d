import { html } from 'hono/html';
import type { Mail } from './mailer.ts';

/** The console's verification e-mail (Spanish, HTML and plain text), ADR 0022. */
export function operatorVerificationMail(input: {
  to: string;
  name: string;
  productName: string;
  link: string;
}): Mail {
  const { to, name, productName, link } = input;
  const greeting = name ? `Hola, ${name}:` : 'Hola:';
  const why = `Has pedido entrar en la consola de operación de ${productName} con esta dirección.`;
  const how =
    'Abre este enlace en el navegador donde has iniciado sesión en tu cuenta (caduca en 1 hora y solo puede usarse una vez):';
  const warning =
    'Si no has sido tú, no abras el enlace: alguien ha creado una cuenta con tu dirección y así no podrá entrar en la consola.';
  const text = [greeting, '', why, how, '', link, '', warning, '', `El equipo de ${productName}`].join('\n');
  const body = html`<!doctype html>
<html lang="es">
  <body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
    <table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
      <tr><td>
        <h1 style="font-size:20px;margin:0 0 16px">${productName}</h1>
        <p>${greeting}</p>
        <p>${why}</p>
        <p style="margin:24px 0">
          <a href="${link}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Verificar mi correo</a>
        </p>
        <p style="font-size:14px;color:#475569">Ábrelo en el navegador donde has iniciado sesión en tu cuenta. El enlace caduca en 1 hora y solo puede usarse una vez. Si el botón no funciona, copia esta dirección en tu navegador:<br /><a href="${link}">${link}</a></p>
        <p style="font-size:14px;color:#475569">${warning}</p>
        <p>El equipo de ${productName}</p>
      </td></tr>
    </table>
  </body>
</html>`.toString();
  return { to, subject: `Verifica tu correo para la consola de ${productName}`, html: body, text, link };
}
