import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SunkMail } from '#server/test/smtp-sink';
import { expect } from './fixtures';
import { mailDir } from './smtp-port';

/**
 * The mail this worker's server has sent. `scripts/e2e-server.mjs` runs the tests' SMTP sink beside it for the whole run and
 * writes each mail it accepts as a file in `mailDir`, so a mail is taken at once whichever spec is running (before,
 * only the specs that read mail listened, and the outbox retried everyone else's until it gave up, filling CI's
 * output). `inbox` reads the folder again on every access, oldest first.
 */
export interface Mailbox {
  readonly inbox: SunkMail[];
}

export function serverMailbox(): Mailbox {
  return mailboxAt(mailDir);
}

/** The mail of a server a spec starts itself (with settings of its own), whose sink writes into `dir`. */
export function mailboxAt(dir: string): Mailbox {
  return {
    get inbox() {
      return readMailDir(dir);
    },
  };
}

function readMailDir(dir: string): SunkMail[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  // Each file is a mail as the sink took it, already parsed (scripts/e2e-server.mjs).
  return names.sort().map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as SunkMail);
}

/**
 * The path and query of the link to `page` (e.g. `join-team`, `verify-email`) in the newest mail to `to` that carries
 * one, waited for: mailed links name the server's own address, and a test opens them on the page it drives.
 */
export async function mailedLink(mailbox: Mailbox, to: string, page: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = mailbox.inbox.filter((m) => m.to === to && m.text.includes(`/${page}?token=`)).at(-1);
        link = mail && new RegExp(`https?://[^/\\s]+(/${page}\\?token=[A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
        return Boolean(link);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return link!;
}

/**
 * The part of the first link to this site in the newest mail to `to` with `subject` that `path` matches (from the
 * path on), waited for. `path` decides how much is kept: `/\/elders/` the path alone, `/\/join-team\?\S*\/` its query too.
 */
export async function linkInMailWithSubject(mailbox: Mailbox, to: string, subject: string, path: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = mailbox.inbox.filter((m) => m.to === to && m.headers.subject === subject).at(-1);
        link = mail ? new RegExp(`https?://[^/\\s]+(${path.source})`).exec(mail.text)?.[1] : undefined;
        return Boolean(link);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return link!;
}
