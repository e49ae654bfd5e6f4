import nodemailer, { type Transporter } from 'nodemailer';

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The same Message-ID on every attempt: a receiver that sees a message twice can tell. */
  messageId: string;
};

/** Sends through SMTP (SMTP_URL, nodemailer); one pooled transport per process. */
export type Mailer = { send: (m: OutgoingMail) => Promise<void>; close: () => void };

export function createMailer(smtpUrl: string): Mailer {
  // A stuck SMTP server must not hold a claimed message for longer than its claim (outbox.service.ts).
  const url = new URL(smtpUrl);
  for (const [k, v] of [
    ['connectionTimeout', '15000'],
    ['greetingTimeout', '15000'],
    ['socketTimeout', '30000'],
  ] as const)
    if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  const transport: Transporter = nodemailer.createTransport(url.toString());
  return {
    send: async (m) => {
      await transport.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        headers: m.headers,
        messageId: m.messageId,
      });
    },
    close: () => transport.close(),
  };
}
