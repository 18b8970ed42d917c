import { SMTPServer } from 'smtp-server';

/** A mail the sink took: to whom, the raw message, and when it was accepted. */
export interface SunkMail {
  to: string;
  body: string;
  at: number;
}

/** A real SMTP server on loopback that keeps every mail it is sent; `delayMs` makes it slow to accept each one. */
export interface SmtpSink {
  inbox: SunkMail[];
  url: string;
  close: () => Promise<void>;
}

export async function startSmtpSink(options: { delayMs?: number } = {}): Promise<SmtpSink> {
  const inbox: SunkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      stream.on('end', () => {
        const accept = () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body, at: Date.now() });
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { inbox, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
