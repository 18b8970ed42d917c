import { SMTPServer } from 'smtp-server';

/** A mail the sink took: to whom, the raw message, its headers and decoded text, and when it was accepted. */
export interface SunkMail {
  to: string;
  body: string;
  /** Header names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  /** The text part as a reader sees it (quoted-printable and base64 decoded). */
  text: string;
  at: number;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes a non-ASCII subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** Splits a raw single-part message into its headers and decoded text (what nodemailer sends for a text mail). */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const content = split < 0 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  let text = content;
  if (encoding === 'quoted-printable') {
    const soft = content.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i += 1) {
      const hex = soft.slice(i + 1, i + 3);
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
    text = Buffer.from(bytes).toString('utf8');
  } else if (encoding === 'base64') {
    text = Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { headers, text: text.replace(/\r\n/g, '\n').replace(/\n\.?$/, '') };
}

/** A real SMTP server on loopback that keeps every mail it is sent; `delayMs` makes it slow to accept each one. */
export interface SmtpSink {
  inbox: SunkMail[];
  url: string;
  close: () => Promise<void>;
}

/** `onMail` also hands each mail on as it is taken (the browser tests' servers write it to a folder: scripts/e2e-server.mjs). */
export async function startSmtpSink(options: { delayMs?: number; port?: number; onMail?: (mail: SunkMail) => void } = {}): Promise<SmtpSink> {
  const inbox: SunkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      stream.on('end', () => {
        const accept = () => {
          const mail = { to: session.envelope.rcptTo.map((r) => r.address).join(','), body, ...parseMail(body), at: Date.now() };
          inbox.push(mail);
          options.onMail?.(mail);
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  // A client that dies mid-conversation (the crash test SIGKILLs the server while it sends) resets its connection:
  // that is the sender's failure, which its outbox retries, not the sink's; without a listener it would crash the test.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { inbox, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
