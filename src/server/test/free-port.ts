import { createServer } from 'node:net';

function tryPort(wanted: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(wanted, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Ports handed out so far in this process: two servers starting together never get the same one. */
const handedOut = new Set<number>();

/**
 * A free loopback port for a server a test or benchmark starts: any, or one in TEST_PORT_RANGE ("5620-5629")
 * when set, for machines where several checkouts run side by side and each keeps to its own ports.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORT_RANGE ?? '');
  if (!range) return tryPort(0);
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (handedOut.has(port)) continue;
    try {
      handedOut.add(await tryPort(port));
      return port;
    } catch {
      // Taken: try the next one.
    }
  }
  throw new Error(`no free port in TEST_PORT_RANGE ${process.env.TEST_PORT_RANGE}`);
}
