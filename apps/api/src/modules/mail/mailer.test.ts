import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createLogger } from '../../logger.ts';
import { type FakeSmtp, startFakeSmtp } from '../../test/fakes/smtp.ts';
import { createMailer } from './mailer.ts';
import { resetPasswordMail } from './reset-password.es.ts';

const link = 'http://localhost:3000/reset-password?mode=resetPassword&oobCode=abc123';
const mail = await resetPasswordMail({ to: 'ana@example.com', name: 'Ana', productName: 'Rumbo', link });

describe('the mailer', () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers over SMTP a Spanish message with an HTML and a text part', async () => {
    const env = loadEnv({ SMTP_URL: smtp.url, MAIL_FROM: 'Rumbo <hola@rumbo.example>' });
    await createMailer(env, createLogger('silent')).send(mail);
    expect(smtp.received).toHaveLength(1);
    const received = smtp.received[0];
    expect(received?.subject).toBe('Restablece tu contraseña de Rumbo');
    expect(received?.from?.value[0]).toMatchObject({ name: 'Rumbo', address: 'hola@rumbo.example' });
    expect(received?.text).toContain(link);
    expect(received?.text).toContain('caduca en 1 hora');
    expect(received?.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(received?.html).toContain('Restablecer contraseña');
  });

  it('without SMTP_URL writes the message to the outbox and logs the link', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-outbox-'));
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    await createMailer(loadEnv({ DATA_DIR: dataDir }), logger).send(mail);
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: ana@example.com');
    expect(lines.join('\n')).toContain(link);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
