// The Node.js versions Sanga runs on: package.json's `engines.node` (docs/decisions/009-node-lines.md).
import { readFileSync } from 'node:fs';

/** Whether `version` (e.g. 22.19.0) meets a range made of `^x.y.z` and `>=x.y.z` alternatives joined by `||`. */
export function satisfies(version, range) {
  const have = version.replace(/^v/, '').split('.').map(Number);
  return alternatives(range).some(({ floor, sameMajor }) => {
    const order = have[0] - floor[0] || have[1] - floor[1] || have[2] - floor[2];
    return order >= 0 && (!sameMajor || have[0] === floor[0]);
  });
}

/** The range in words: "22.19 or later on the 22 line, or 24 or later". */
export function describeRange(range) {
  return alternatives(range)
    .map(({ floor, sameMajor }) => {
      const version = floor[2] === 0 ? (floor[1] === 0 ? `${floor[0]}` : `${floor[0]}.${floor[1]}`) : floor.join('.');
      return sameMajor ? `${version} or later on the ${floor[0]} line` : `${version} or later`;
    })
    .join(', or ');
}

function alternatives(range) {
  return range.split('||').map((alternative) => {
    const match = /^\s*(\^|>=)\s*(\d+)\.(\d+)\.(\d+)\s*$/.exec(alternative);
    if (!match) throw new Error(`unsupported engines range: ${alternative.trim()}`);
    return { floor: [Number(match[2]), Number(match[3]), Number(match[4])], sameMajor: match[1] === '^' };
  });
}

export const requiredNode = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
