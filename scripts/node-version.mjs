// The Node.js versions Sanga runs on: package.json's `engines.node` (docs/decisions/009-node-lines.md), read with the
// `semver` package (npm's own reading of a range). `npm start` and `npm run dev` import it after `npm install`.
import { readFileSync } from 'node:fs';
import semver from 'semver';

/** Whether `version` (e.g. 22.19.0) is in `range` (e.g. `^22.19.0 || >=24.0.0`). */
export function satisfies(version, range) {
  return semver.satisfies(version, range);
}

/** The range in words: "22.19 or later on the 22 line, or 24 or later". Alternatives of `^x.y.z` and `>=x.y.z` only. */
export function describeRange(range) {
  return new semver.Range(range).set
    .map((comparators) => {
      const floor = comparators.find((comparator) => comparator.operator === '>=')?.semver;
      const ceiling = comparators.find((comparator) => comparator.operator === '<')?.semver;
      const sameMajor = ceiling !== undefined && floor !== undefined && ceiling.major === floor.major + 1 && ceiling.minor === 0 && ceiling.patch === 0;
      if (!floor || comparators.length !== (sameMajor ? 2 : 1)) throw new Error(`unsupported engines range: ${range}`);
      const version = floor.patch === 0 ? (floor.minor === 0 ? `${floor.major}` : `${floor.major}.${floor.minor}`) : floor.version;
      return sameMajor ? `${version} or later on the ${floor.major} line` : `${version} or later`;
    })
    .join(', or ');
}

export const requiredNode = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
