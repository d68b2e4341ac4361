/** Where a run of the CLI writes: the process's stdout and stderr, or buffers in tests. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** A line the operator types in answer to `question` (a confirmation); absent when no one can answer (no terminal). */
  ask?(question: string): Promise<string>;
}

/** Rows as a plain-text table: a header, then one line per row, columns padded to their widest cell. */
export function table(columns: Array<[key: string, header: string]>, rows: ReadonlyArray<Record<string, unknown>>): string {
  const cells = [columns.map(([, header]) => header), ...rows.map((row) => columns.map(([key]) => text(row[key])))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i].length)));
  return cells.map((line) => line.map((cell, i) => (i === line.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ').trimEnd()).join('\n') + '\n';
}

const text = (cell: unknown) => (cell === null || cell === undefined || cell === '' ? '-' : String(cell).replace(/\s+/g, ' '));

/** `--json`: the value for scripts; otherwise the human rendering. */
export function print(io: Io, json: boolean | undefined, value: unknown, human: () => string): void {
  io.out(json ? `${JSON.stringify(value, null, 2)}\n` : human());
}

/** How long ago `at` was, e.g. `3m 12s`, `2h 5m`, `4d 3h`. */
export function age(at: Date, now = new Date()): string {
  const s = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

export const isoOrNull = (at: Date | null | undefined) => (at ? at.toISOString() : null);
