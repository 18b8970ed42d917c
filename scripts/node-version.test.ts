import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the start scripts, without types
import { describeRange, requiredNode, satisfies } from './node-version.mjs';

describe('the Node.js version check of npm start', () => {
  it('reads the range from package.json and accepts exactly the lines it names', () => {
    expect(requiredNode).toBe('^22.19.0 || >=24.0.0');
    for (const version of ['22.19.0', '22.23.3', '24.0.0', '26.10.0', '30.1.2']) expect(satisfies(version, requiredNode), version).toBe(true);
    for (const version of ['20.20.2', '22.18.9', '23.11.1', '18.0.0']) expect(satisfies(version, requiredNode), version).toBe(false);
    expect(describeRange(requiredNode)).toBe('22.19 or later on the 22 line, or 24 or later');
  });

  it('stops an older Node with one clear line naming the versions it needs and the one it found', () => {
    const pretend = "Object.defineProperty(process.versions, 'node', { value: '20.20.2' }); await import('./scripts/require-node.mjs'); console.log('went on');";
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', pretend], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      'Sanga needs Node.js 22.19 or later on the 22 line, or 24 or later (26, the current LTS, is recommended); this is Node.js 20.20.2. See the README, "Quick start".',
    ]);
    const current = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('./scripts/require-node.mjs'); console.log('went on');"], { encoding: 'utf8' });
    expect(current.stdout.trim()).toBe('went on');
  });
});
