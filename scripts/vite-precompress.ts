import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Below this, compressing saves less than the headers cost (and the server sends small files as they are). */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) beside every compressible file of the build, once, at
 * build time: the server sends them as they are (@fastify/static preCompressed) instead of compressing each answer
 * at a cheap level. index.html is left alone: the server rewrites it (site information) and compresses it itself.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sanga-precompress',
    apply: 'build',
    configResolved(config) {
      // The server-render build (vite-server-render.ts) is read from disk by the server, never sent: nothing to do.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return;
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith(`${path.sep}index.html`)) continue;
        const data = readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
