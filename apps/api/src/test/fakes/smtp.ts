import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * How the fake answers: `accept` keeps every message; `hold` reads a message and never answers it (a
 * sender killed mid-send); `reject` refuses the connection (a mail server that is down for a while).
 */
export type FakeSmtpMode = 'accept' | 'hold' | 'reject';

export interface FakeSmtp {
  url: string;
  /** The messages accepted (a held or refused one is not among them). */
  received: ParsedMail[];
  /** Messages read and left unanswered in `hold` mode, and connections refused in `reject` mode. */
  counts: { held: number; rejected: number };
  setMode(mode: FakeSmtpMode): void;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it receives, parsed. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ParsedMail[] = [];
  const counts = { held: 0, rejected: 0 };
  let mode: FakeSmtpMode = 'accept';
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      if (mode !== 'reject') return callback();
      counts.rejected += 1;
      const refused = Object.assign(new Error('Servicio no disponible'), { responseCode: 421 });
      return callback(refused);
    },
    onData(stream, _session, callback) {
      if (mode === 'hold') {
        // Read to the end, then say nothing: the sender waits for an answer that never comes.
        stream.on('end', () => {
          counts.held += 1;
        });
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // A sender killed while its message is held leaves a connection that ends with an error.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    counts,
    setMode: (next) => {
      mode = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
