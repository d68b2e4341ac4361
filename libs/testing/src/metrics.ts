/**
 * The value of one series in a Prometheus text exposition (what GET /metrics answers): the series named
 * `name` whose labels include all of `labels`, summed when several match (e.g. every status of a route);
 * undefined when none does.
 */
export function metricValue(exposition: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of exposition.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2].replace(/\\(.)/g, '$1')]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total = (total ?? 0) + Number(m[3]);
  }
  return total;
}

/** Scrapes a metrics endpoint: its text exposition. */
export async function scrape(url: string): Promise<string> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`scrape ${url}: ${res.status}`);
  return res.text();
}
