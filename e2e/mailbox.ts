import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SunkMail } from '../src/server/test/smtp-sink';
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
