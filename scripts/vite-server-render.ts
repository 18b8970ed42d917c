import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** Where the server looks for the server-render bundle of a web build in `webDistDir` (dist/web → dist/web-ssr). */
export const serverRenderDir = (webDistDir: string) => `${webDistDir}-ssr`;

/**
 * After the browser build, the same sources built once more for Node from src/web/prerender.tsx into
 * `<outDir>-ssr/prerender.js`: the server renders a visitor's first page with it (server/first-visit-html.ts).
 * The libraries are bundled in, so only what the screens use is loaded.
 */
export function serverRender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sanga-server-render',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return; // this is that second build
      await build({
        configFile: config.configFile,
        configLoader: 'runner',
        mode: config.mode,
        logLevel: 'warn',
        // Every library bundled in and tree-shaken: loaded from node_modules, lucide-react and radix-ui would each
        // bring every module they have (every icon, every primitive) into the server's memory (+146 MiB measured).
        ssr: { noExternal: true },
        build: {
          ssr: path.resolve(config.root, 'prerender.tsx'),
          outDir: serverRenderDir(path.resolve(config.root, config.build.outDir)),
          emptyOutDir: true,
          manifest: false,
          copyPublicDir: false,
        },
      });
    },
  };
}
