import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lockHolder } from './data-dir-lock';

/**
 * `npm run backup` while the server runs. The embedded database belongs to the one process holding DATA_DIR's lock
 * (data-dir-lock.ts), and a copy of its files taken from outside that process is not consistent. So the backup asks
 * that process for a snapshot (snapshots.ts: dumpDataDir between two statements, then the photos) with a signal, and
 * packs the folder it names. A signal rather than an HTTP endpoint: only the server's own user (or root) can send
 * it, the same people who can read DATA_DIR anyway, and nothing new listens on the network, where a proxy on the
 * same machine makes every request look like it came from loopback.
 *
 * The server writes its answer to DATA_DIR/backups/.on-demand.json: when the signal arrived, and the snapshot's
 * folder or the error.
 */
export const SNAPSHOT_SIGNAL = 'SIGUSR2';

interface Answer {
  requestedAt: number;
  folder?: string;
  error?: string;
}

const answerFile = (dataDir: string) => path.join(dataDir, 'backups', '.on-demand.json');

function writeAnswer(dataDir: string, answer: Answer): void {
  const file = answerFile(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(answer));
  renameSync(`${file}.tmp`, file);
}

/**
 * The server's half, installed first thing at start: without a handler SIGUSR2 would end the process. `take`
 * answers undefined while there is nothing to snapshot yet (starting) or ever (PostgreSQL, with the reason).
 * Answers the function that uninstalls it.
 */
export function answerSnapshotRequests(
  dataDir: string,
  take: () => Promise<string> | string,
  log: { onDone: (folder: string) => void; onError: (error: unknown) => void },
): () => void {
  const handler = () => {
    const requestedAt = Date.now();
    Promise.resolve()
      .then(take)
      .then(
        (folder) => {
          log.onDone(folder);
          writeAnswer(dataDir, { requestedAt, folder });
        },
        (error: unknown) => {
          log.onError(error);
          writeAnswer(dataDir, { requestedAt, error: error instanceof Error ? error.message : String(error) });
        },
      )
      .catch(log.onError);
  };
  process.on(SNAPSHOT_SIGNAL, handler);
  return () => process.off(SNAPSHOT_SIGNAL, handler);
}

/** The backup's half: asks server `pid` for a snapshot and answers its folder once written. */
export async function requestSnapshot(dataDir: string, pid: number, options: { timeoutMs?: number; pollMs?: number } = {}): Promise<string> {
  const { timeoutMs = 15 * 60_000, pollMs = 100 } = options;
  const since = Date.now();
  process.kill(pid, SNAPSHOT_SIGNAL);
  const lockDir = dataDir;
  for (;;) {
    let answer: Answer | undefined;
    try {
      answer = JSON.parse(readFileSync(answerFile(dataDir), 'utf8')) as Answer;
    } catch {
      // Not written yet.
    }
    if (answer && answer.requestedAt >= since) {
      if (answer.folder) return answer.folder;
      throw new Error(`The server (pid ${pid}) could not take a snapshot: ${answer.error ?? 'no reason given'}`);
    }
    if (lockHolder(lockDir) !== pid) throw new Error(`The server (pid ${pid}) stopped before its snapshot was written.`);
    if (Date.now() - since > timeoutMs) throw new Error(`The server (pid ${pid}) wrote no snapshot within ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
