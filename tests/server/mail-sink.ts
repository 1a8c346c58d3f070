// A local SMTP server for tests: what the Formue server sends arrives here over real SMTP.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The body, its transfer encoding undone. */
  text: string;
}

export interface MailSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** The next mail to `address` not yet taken, when it has arrived. */
  next(address: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Listens on `port` (default: any free one) of 127.0.0.1. */
export async function startMailSink(port = 0): Promise<MailSink> {
  const inbox: ReceivedMail[] = [];
  const waiting: { address: string; deliver: (mail: ReceivedMail) => void }[] = [];
  const take = (address: string) => {
    const at = inbox.findIndex((mail) => mail.to.includes(address));
    return at < 0 ? undefined : inbox.splice(at, 1)[0];
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          ...parse(Buffer.concat(chunks).toString('latin1')),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        for (const waiter of [...waiting]) {
          const mail = take(waiter.address);
          if (!mail) continue;
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.deliver(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    next: (address) =>
      new Promise((deliver) => {
        const mail = take(address);
        if (mail) deliver(mail);
        else waiting.push({ address, deliver });
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A single-part message: its subject, and its body decoded from quoted-printable or base64. */
function parse(raw: string): Omit<ReceivedMail, 'to'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body, 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          )
        : Buffer.from(body, 'latin1');
  return { subject: header('Subject'), text: bytes.toString('utf8') };
}
