import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** What Vite warns while loading vite.config.ts with the given loader. */
async function warningsLoading(loader: 'bundle' | 'runner'): Promise<string[]> {
  const warnings: string[] = [];
  const logger = { ...createLogger('warn'), warn: (message: string) => void warnings.push(message), warnOnce: (message: string) => void warnings.push(message) };
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, undefined, root, 'warn', logger, loader);
  expect(loaded?.config.plugins?.length).toBeGreaterThan(3);
  return warnings;
}

describe("Vite's config loading", () => {
  it('warns nothing with the runner loader, where the default loader warns about configLoader: native', async () => {
    expect((await warningsLoading('bundle')).join('\n')).toContain('configLoader');
    expect(await warningsLoading('runner')).toEqual([]);
  });

  it('uses the runner loader everywhere Vite is started', () => {
    const scripts = readdirSync(path.join(root, 'scripts'), { recursive: true, encoding: 'utf8' }).filter((name) => /\.(m?js|ts)$/.test(name) && !name.endsWith('.test.ts'));
    const starts = scripts.flatMap((name) => {
      const text = readFileSync(path.join(root, 'scripts', name), 'utf8');
      // A spawn of Vite's command line, or a build() call of its API (in a file that imports Vite's).
      const pattern = /from 'vite'/.test(text) ? /.*(?:'vite', 'bin|vite\.js'\)|\bbuild\(\{[^]*?\}\);).*/g : /.*(?:'vite', 'bin|vite\.js'\)).*/g;
      return [...text.matchAll(pattern)].map((match) => ({ where: name, code: match[0] }));
    });
    const packageScripts = Object.entries((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts)
      .filter(([, command]) => /(^|&& )vite\b/.test(command))
      .map(([name, command]) => ({ where: `npm run ${name}`, code: command }));
    const all = [...starts, ...packageScripts];
    expect(all.map((start) => start.where)).toEqual(expect.arrayContaining(['dev.mjs', 'e2e-server.mjs', 'start.mjs', 'check-bundle-size.ts', 'vite-server-render.ts', path.join('bench', 'web.ts'), 'npm run build']));
    expect(all.filter((start) => !/configLoader['":, ]+runner/.test(start.code)).map((start) => start.where)).toEqual([]);
  });
});
