import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../../env.ts';
import { loadOnce } from '../../lib/load-once.ts';
import { emails } from '../../lib/metrics.ts';
import type { Logger } from '../../logger.ts';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** A link worth printing when there is no mail server (local use only). */
  link?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on mails a user may turn off). */
  headers?: Record<string, string>;
  /** A Message-ID of its own: a mail sent again after a crash carries the same one (ADR 0050). */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

function message(from: string, mail: Mail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
  };
}

/**
 * Sends over SMTP (`SMTP_URL`). Without a mail server the message is written, complete, to
 * `$DATA_DIR/outbox/*.eml` and its link is logged, so a local install can still reset passwords.
 */
export function createMailer(env: Env, logger: Logger): Mailer {
  return counted(createTransportMailer(env, logger));
}

/** Every mail counted as sent or failed (lib/metrics.ts). */
function counted(mailer: Mailer): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
        emails.inc({ result: 'sent' });
      } catch (error) {
        emails.inc({ result: 'failed' });
        throw error;
      }
    },
  };
}

function createTransportMailer(env: Env, logger: Logger): Mailer {
  const from = env.MAIL_FROM ?? `${env.PRODUCT_NAME} <no-reply@${new URL(env.PUBLIC_URL).hostname}>`;
  // nodemailer is loaded at the first mail, not at start (ADR 0027).
  const nodemailer = async () => (await import('nodemailer')).default;
  const smtpUrl = env.SMTP_URL;
  if (smtpUrl) {
    const transport = loadOnce(async () => (await nodemailer()).createTransport(smtpUrl));
    return {
      async send(mail) {
        await (await transport()).sendMail(message(from, mail));
      },
    };
  }
  const outbox = path.join(env.DATA_DIR, 'outbox');
  const transport = loadOnce(async () =>
    (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport()).sendMail(message(from, mail));
      fs.mkdirSync(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`,
      );
      fs.writeFileSync(file, info.message as Buffer);
      logger.info(
        { file, ...(mail.link ? { link: mail.link } : {}) },
        'no SMTP_URL: e-mail written to the outbox',
      );
    },
  };
}
