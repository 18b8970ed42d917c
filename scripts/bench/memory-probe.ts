// Loaded into the benchmarked server (node --expose-gc --import) when a benchmark asks for it:
// every MEMORY_PROBE_SECONDS it collects garbage and writes the server's memory to
// MEMORY_PROBE_FILE as one JSON line, so a soak can tell live heap that grows (a leak) from a
// resident size that breathes with the collector and the allocator.
import { appendFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
const everySeconds = Number(process.env.MEMORY_PROBE_SECONDS ?? 30);
const collect = (globalThis as { gc?: () => void }).gc;

if (file && collect) {
  const started = Date.now();
  setInterval(() => {
    collect();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ at: (Date.now() - started) / 1000, rss, heapUsed, heapTotal, external, arrayBuffers })}\n`);
  }, everySeconds * 1000).unref();
}
