// npm run bench:compare -- --against REF [--rounds 2] [--ref-env NAME=VALUE …] BENCH [-- BENCH'S OPTIONS]
//
// --ref-env sets a variable for REF's runs only: e.g. `BENCH_DB=embedded` here and `--ref-env BENCH_DB=pglite` for a
// REF that named its embedded database differently. Rows are paired by position, figures by their column's title.
//
// Runs one benchmark (matches, writes, messages, …: any `npm run bench:NAME` that writes a table into its section of
// docs/benchmarks.md) on another commit and on this checkout, interleaved in one invocation (REF, this, REF, this,
// …), and prints the median of each figure per tree and their ratio (this ÷ REF). Machines here swing ±40 % from run
// to run, so two runs on different days cannot be compared; the ratio of one interleaved run can (docs/testing.md,
// "Before a change to a hot route lands").
//
// REF is checked out once into .tmp/bench-ref/<commit> (a git worktree) with its own node_modules (hard-linked from
// this checkout's when the lock files are the same, else `npm ci`); each tree runs its own benchmark script and
// builds its own server. The REF run's figures are read from the section it wrote into its own docs/benchmarks.md,
// so any earlier commit whose benchmark writes a table can be compared, without knowing this script.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseTables, type TableRow } from './bench-tables';
import { machineLine, writeBenchmarkSection } from './bench-utils';

const separator = process.argv.indexOf('--', 2);
const ownArgs = separator >= 0 ? process.argv.slice(2, separator) : process.argv.slice(2);
const benchArgs = separator >= 0 ? process.argv.slice(separator + 1) : [];
const { values, positionals } = parseArgs({
  args: ownArgs,
  allowPositionals: true,
  options: { against: { type: 'string' }, rounds: { type: 'string', default: '2' }, 'ref-env': { type: 'string', multiple: true, default: [] } },
});
const bench = positionals[0];
const rounds = Number(values.rounds);
if (!values.against || !bench || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: npm run bench:compare -- --against REF [--rounds N] BENCH [-- options of npm run bench:BENCH]');
  process.exit(2);
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status})`);
  return result.stdout;
}

const here = process.cwd();
const refCommit = run('git', ['rev-parse', '--verify', `${values.against}^{commit}`], here).trim();
const headCommit = run('git', ['rev-parse', 'HEAD'], here).trim();
const refTree = path.resolve('.tmp', 'bench-ref', refCommit.slice(0, 12));
const refEnv = Object.fromEntries(
  values['ref-env'].map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--ref-env wants NAME=VALUE, not ${pair}`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);

/** REF's worktree with its dependencies, made once and reused by later comparisons with the same commit. */
function prepareRefTree(): void {
  if (!existsSync(refTree)) {
    run('git', ['worktree', 'prune'], here);
    run('git', ['worktree', 'add', '--detach', refTree, refCommit], here);
  }
  if (existsSync(path.join(refTree, 'node_modules'))) return;
  const sameLock = readFileSync(path.join(here, 'package-lock.json'), 'utf8') === readFileSync(path.join(refTree, 'package-lock.json'), 'utf8');
  if (sameLock) run('cp', ['-al', path.join(here, 'node_modules'), path.join(refTree, 'node_modules')], here);
  else run('npm', ['ci', '--no-audit', '--no-fund'], refTree);
}

/** A section of the benchmark's, start marker to end marker. */
const sectionPattern = () => new RegExp(`<!-- (bench:${bench}(?::[\\w.-]+)?):start -->[\\s\\S]*?<!-- \\1:end -->`, 'g');

/** The sections the benchmark wrote (`bench:NAME`, or `bench:NAME:part` for one with several tables), in order. */
function sectionsOf(tree: string): string {
  const text = readFileSync(path.join(tree, 'docs', 'benchmarks.md'), 'utf8');
  const sections: string[] = [];
  for (const match of text.matchAll(sectionPattern())) sections.push(match[0]);
  if (sections.length === 0) throw new Error(`${tree}: docs/benchmarks.md has no bench:${bench} section after the run`);
  return sections.join('\n');
}

function runOnce(tree: string, label: string): TableRow[] {
  const docs = path.join(tree, 'docs', 'benchmarks.md');
  const before = readFileSync(docs, 'utf8');
  // Only what this run writes is read back: the bench's earlier sections leave the file for the run.
  writeFileSync(docs, before.replace(sectionPattern(), ''));
  console.log(`\n== ${label} (${tree === here ? 'this checkout' : refCommit.slice(0, 12)}): npm run bench:${bench} -- ${benchArgs.join(' ')}`);
  // Each tree's own PostgreSQL databases, so neither run finds the other's leftovers.
  const env = { ...process.env, ...(tree === here ? {} : refEnv), BENCH_DB_PREFIX: `${process.env.BENCH_DB_PREFIX ?? ''}${tree === here ? 'cmp_head_' : 'cmp_ref_'}` };
  try {
    const result = spawnSync('npm', ['run', `bench:${bench}`, '--', ...benchArgs], { cwd: tree, env, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`bench:${bench} failed in ${tree} (exit ${result.status})`);
    return parseTables(sectionsOf(tree));
  } finally {
    // The comparison is the figure to keep; a single run's table would be one sample of it.
    writeFileSync(docs, before);
  }
}

const round = (value: number) => Number(value.toFixed(2));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

prepareRefTree();
const samples: Record<'ref' | 'head', TableRow[][]> = { ref: [], head: [] };
for (let round = 1; round <= rounds; round += 1) {
  // Alternate which goes first, so neither always meets a warmer (or hotter) machine.
  const order: ('ref' | 'head')[] = round % 2 ? ['ref', 'head'] : ['head', 'ref'];
  for (const which of order) samples[which].push(runOnce(which === 'ref' ? refTree : here, `round ${round}/${rounds}, ${which}`));
}

const lines = ['| Row | Figure | REF median | this median | ratio this ÷ REF |', '|---|---|---:|---:|---:|'];
const shape = samples.head[0]!;
shape.forEach((row, rowIndex) => {
  row.headers.forEach((header, column) => {
    row.cells[column]!.forEach((_, part) => {
      // The same column by its title: a build may have added a column before it.
      const of = (runs: TableRow[][]) =>
        runs
          .map((r) => {
            const other = r[rowIndex];
            return other?.cells[other.headers.indexOf(header)]?.[part];
          })
          .filter((v): v is number => v !== undefined);
      const old = of(samples.ref);
      const now = of(samples.head);
      if (old.length === 0 || now.length === 0 || column < 1) return;
      const figure = row.cells[column]!.length > 1 ? `${header} [${part + 1}]` : header;
      const ratio = median(old) === 0 ? '–' : (median(now) / median(old)).toFixed(2);
      lines.push(`| ${row.label} | ${figure} | ${round(median(old))} | ${round(median(now))} | ${ratio} |`);
    });
  });
});
const table = lines.join('\n');
console.log(`\n${table}\n`);
writeBenchmarkSection(
  `compare:${bench}`,
  `## bench:${bench}, this build against ${refCommit.slice(0, 12)} (\`npm run bench:compare -- --against ${values.against} --rounds ${rounds}${values['ref-env'].map((pair) => ` --ref-env ${pair}`).join('')} ${bench}${benchArgs.length ? ` -- ${benchArgs.join(' ')}` : ''}\`)

${rounds} rounds, REF and this build alternating (${headCommit.slice(0, 12)} checked out, with its uncommitted changes); medians of the
rounds per tree; a ratio below 1 means this build is lower (faster, for a latency; fewer, for a count).
${process.env.BENCH_DB ? `BENCH_DB=${process.env.BENCH_DB}${process.env.DATABASE_URL ? ', PostgreSQL server: DATABASE_URL' : ''}. ` : ''}Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}.

${table}`,
);
