import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { createMailer, type Mailer } from '../lib/mailer';
import { createTestApp, type TestApp } from './helpers';

export type TestInbox = {
  /** smtp://127.0.0.1:port of the server, for a second mailer. */
  url: string;
  /** A mailer sending to it, as the app's jobs would. */
  mailer: Mailer;
  /** The messages received for an address so far, parsed back. */
  mailFor: (address: string) => ParsedMail[];
};

const to = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address));

/**
 * (digest tests) A real SMTP server on a free local port (smtp-server) whose messages are parsed back
 * (mailparser), and the test app of the file mailing to it (DIGEST_HOUR 7). Made before the file's
 * first test and closed after its last; the objects returned are filled in by then.
 */
export function useMailTestApp(): { t: TestApp; smtp: TestInbox } {
  const t = {} as TestApp;
  const smtp = {} as TestInbox;
  const inbox: ParsedMail[] = [];
  let server: SMTPServer | undefined;
  beforeAll(async () => {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((m) => {
            inbox.push(m);
            callback();
          })
          .catch(callback);
      },
    });
    server = s;
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const address = s.server.address();
    if (!address || typeof address === 'string') throw new Error('no smtp port');
    const url = `smtp://127.0.0.1:${address.port}`;
    Object.assign(
      t,
      await createTestApp({
        SMTP_URL: url,
        DIGEST_HOUR: '7',
        PUBLIC_URL: 'https://ems.example.test',
        MAIL_FROM: 'Equipment Management Suite <digest@ems.example.test>',
      }),
    );
    Object.assign(smtp, {
      url,
      mailer: createMailer(url),
      mailFor: (addr: string) => inbox.filter((m) => to(m).includes(addr)),
    } satisfies TestInbox);
  });
  afterAll(async () => {
    smtp.mailer?.close();
    await t.close?.();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return { t, smtp };
}
