// The tables the benchmarks write into docs/benchmarks.md, read back as numbers (bench:compare).

/** The rows of a section's tables, each as its label (first cells) and the numbers of every cell. */
export interface TableRow {
  label: string;
  headers: string[];
  cells: number[][];
}

export function parseTables(section: string): TableRow[] {
  const rows: TableRow[] = [];
  let headers: string[] | null = null;
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) {
      headers = null;
      continue;
    }
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    if (!headers) {
      headers = cells;
      continue;
    }
    if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
    const numbers = cells.map((cell) => [...cell.replaceAll(',', '').matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0])));
    rows.push({ label: cells.slice(0, 2).join(' '), headers, cells: numbers });
  }
  return rows;
}
