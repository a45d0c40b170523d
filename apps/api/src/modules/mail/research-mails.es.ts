import type { ResearchMode } from '@rumbo/contract';
import { renderMail } from './layout.ts';
import type { Mail } from './mailer.ts';

/** Who the mail is for and how they stop such mails (ADR 0050). */
export interface ResearchMailRecipient {
  to: string;
  name: string;
  productName: string;
  unsubscribe: { page: string; oneClick: string };
}

/** What the 'ready' mail says of how the study was made. */
const MODE_LINES: Record<Exclude<ResearchMode, 'none'>, string> = {
  web: 'Se ha investigado con fuentes de internet: cada dato dice de qué página sale.',
  model:
    'Se ha preparado con el conocimiento del modelo, sin buscar en internet: las cifras son estimaciones que conviene verificar.',
};

const UNSUBSCRIBE = {
  text: 'Recibes este correo porque tienes activados los «Correos de Rumbo» en tu perfil.',
  label: 'Dejar de recibir estos correos',
};

function listHeaders(recipient: ResearchMailRecipient) {
  return {
    'List-Unsubscribe': `<${recipient.unsubscribe.oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** 'Tu estudio de mercado está listo': the business, how it was made, three lines of its summary, the link. */
export async function researchReadyMail(
  recipient: ResearchMailRecipient,
  study: {
    businessName: string;
    mode: Exclude<ResearchMode, 'none'>;
    summary: string[];
    reportUrl: string;
    partial: boolean;
  },
): Promise<Mail> {
  const lines = study.summary.slice(0, 3);
  const parts = await renderMail({
    productName: recipient.productName,
    preview: `El estudio de mercado de ${study.businessName} ya está en ${recipient.productName}.`,
    heading: 'Tu estudio de mercado está listo',
    greeting: recipient.name ? `Hola, ${recipient.name}:` : 'Hola:',
    paragraphs: [
      `Tu mentor ha terminado el estudio de mercado de «${study.businessName}».`,
      MODE_LINES[study.mode],
      ...(study.partial ? ['Es un estudio parcial: en él verás qué no se pudo investigar.'] : []),
      ...(lines.length > 0 ? ['En resumen:', ...lines.map((line) => `• ${line}`)] : []),
    ],
    action: { label: 'Ver el estudio', href: study.reportUrl },
    closing: ['Pregúntale a tu mentor por tu mercado y tus competidores: ya lo conoce.'],
    unsubscribe: { href: recipient.unsubscribe.page, ...UNSUBSCRIBE },
  });
  return {
    to: recipient.to,
    subject: `Tu estudio de mercado está listo: ${study.businessName}`,
    ...parts,
    link: study.reportUrl,
    headers: listHeaders(recipient),
  };
}

/** 'No pudimos terminar tu estudio': the business, the reason, and where to retry it. */
export async function researchFailedMail(
  recipient: ResearchMailRecipient,
  study: { businessName: string; reason: string; reportUrl: string },
): Promise<Mail> {
  const parts = await renderMail({
    productName: recipient.productName,
    preview: `El estudio de mercado de ${study.businessName} no pudo terminar. Puedes reintentarlo.`,
    heading: 'No pudimos terminar tu estudio',
    greeting: recipient.name ? `Hola, ${recipient.name}:` : 'Hola:',
    paragraphs: [
      `El estudio de mercado de «${study.businessName}» no pudo terminar.`,
      `Motivo: ${study.reason}`,
      'No se ha descontado nada de tu plan: puedes reintentarlo desde la página del estudio.',
    ],
    action: { label: 'Reintentar el estudio', href: study.reportUrl },
    unsubscribe: { href: recipient.unsubscribe.page, ...UNSUBSCRIBE },
  });
  return {
    to: recipient.to,
    subject: `No pudimos terminar tu estudio: ${study.businessName}`,
    ...parts,
    link: study.reportUrl,
    headers: listHeaders(recipient),
  };
}
