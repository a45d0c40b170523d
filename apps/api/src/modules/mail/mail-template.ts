// The one template of every mail (its content: mail-content.ts), with React Email: this file, and React
// Email with it, is loaded at the first mail, not at start (ADR 0027).
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  render,
  Section,
  Text,
} from '@react-email/components';
import { createElement as h, type ReactNode } from 'react';
import type { MailContent } from './mail-content.ts';

const colors = { ink: '#0f172a', muted: '#475569', brand: '#4f46e5', page: '#f8fafc' };
const text = { fontSize: '16px', lineHeight: '24px', color: colors.ink, margin: '0 0 16px' };
const small = { fontSize: '14px', lineHeight: '20px', color: colors.muted, margin: '0 0 12px' };

function template(mail: MailContent): ReactNode {
  return h(
    Html,
    { lang: 'es' },
    h(Head, null),
    h(Preview, null, mail.preview),
    h(
      Body,
      {
        style: {
          margin: 0,
          padding: '24px',
          background: colors.page,
          fontFamily: 'Arial, Helvetica, sans-serif',
        },
      },
      h(
        Container,
        { style: { maxWidth: '520px', background: '#ffffff', borderRadius: '12px', padding: '32px' } },
        h(Text, { style: { ...small, fontWeight: 'bold', color: colors.brand } }, mail.productName),
        h(
          Heading,
          { as: 'h1', style: { fontSize: '22px', color: colors.ink, margin: '0 0 16px' } },
          mail.heading,
        ),
        h(Text, { style: text }, mail.greeting),
        ...mail.paragraphs.map((p) => h(Text, { key: p, style: text }, p)),
        mail.action
          ? h(
              Section,
              { style: { margin: '24px 0' } },
              h(
                Button,
                {
                  href: mail.action.href,
                  style: {
                    background: colors.brand,
                    color: '#ffffff',
                    padding: '12px 20px',
                    borderRadius: '8px',
                    fontWeight: 'bold',
                    textDecoration: 'none',
                  },
                },
                mail.action.label,
              ),
              h(
                Text,
                { style: { ...small, marginTop: '16px' } },
                mail.action.note ?? 'Si el botón no funciona, copia esta dirección en tu navegador:',
                ' ',
                h(Link, { href: mail.action.href }, mail.action.href),
              ),
            )
          : null,
        ...(mail.closing ?? []).map((p) => h(Text, { key: p, style: small }, p)),
        h(Text, { style: text }, `El equipo de ${mail.productName}`),
        mail.unsubscribe
          ? h(
              Section,
              null,
              h(Hr, { style: { borderColor: '#e2e8f0', margin: '24px 0 16px' } }),
              h(
                Text,
                { style: small },
                mail.unsubscribe.text,
                ' ',
                h(Link, { href: mail.unsubscribe.href }, mail.unsubscribe.label),
              ),
            )
          : null,
      ),
    ),
  );
}

/** The HTML and plain-text parts of a mail, from the one template. */
export async function renderTemplate(mail: MailContent): Promise<{ html: string; text: string }> {
  const element = template(mail);
  const [html, plain] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text: plain };
}
