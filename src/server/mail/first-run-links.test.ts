import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogMailer } from './mailer';
import { composeMail } from './templates';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## Configuration'));

/** What the log mailer writes for a mail, as a newcomer sees it in the terminal (message and fields). */
async function loggedLine(withContent: boolean) {
  const logged: { fields: unknown; message: string }[] = [];
  const record = (fields: unknown, message: string) => void logged.push({ fields, message });
  const logger = { info: record, warn: record } as unknown as FastifyBaseLogger;
  const mail = composeMail('you@example.org', 'en', 'verifyEmail', { link: 'http://localhost:5173/verify-email?token=t' });
  await createLogMailer(logger, { withContent }).send(mail);
  return logged[0]!;
}

describe("the README's Quick start, on reading mail links without SMTP on a first run", () => {
  it('names the log line that `npm run dev` prints, as the log mailer writes it, with the link', async () => {
    const line = await loggedLine(true);
    expect(JSON.stringify(line.fields)).toContain('verify-email?token=t');
    expect(quickStart).toContain(`\`${line.message}\``);
    expect(quickStart).toContain('npm run dev');
  });

  it('says that `npm start` (production) logs no link, as the log mailer does there', async () => {
    const line = await loggedLine(false);
    expect(JSON.stringify(line)).not.toContain('verify-email');
    expect(quickStart).toMatch(/`npm start` runs as production[^]*log only says that a\s+mail was not sent/);
  });
});
