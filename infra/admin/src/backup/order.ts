/**
 * Tables in an order a restore can load them in: every table after the tables its foreign keys point at, so
 * each COPY's checks find their rows (a table's references to itself are checked at the end of its own COPY).
 * Ties keep `tables`' order (sorted by the caller), so the same schema always gives the same file.
 */
export function loadOrder(tables: string[], references: Array<{ table: string; references: string }>): string[] {
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { table, references: parent } of references) {
    if (table !== parent && parents.has(parent)) parents.get(table)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((table) => !placed.has(table) && [...parents.get(table)!].every((parent) => placed.has(parent)));
    if (next === undefined) {
      const cycle = tables.filter((table) => !placed.has(table));
      throw new Error(`foreign keys form a cycle between ${cycle.join(', ')}: no load order exists`);
    }
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}
