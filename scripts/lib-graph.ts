/**
 * The imports between libs, read from libs/<lib>/src (static, type-only and dynamic imports alike), and the
 * cycles among them. `npx tsx scripts/lib-graph.ts` prints each lib's imports and the layer it can sit in;
 * test/unit/lib-layers.test.ts fails on a cycle. The order lint holds is in eslint.config.mjs (docs/adr/0065).
 */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type LibGraph = Map<string, Set<string>>;

const root = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return name.endsWith('.ts') ? [file] : [];
  });
}

/** Each lib (a folder of libs/ with a package.json) and the other libs its src imports. */
export function libGraph(libsDir = path.join(root, 'libs')): LibGraph {
  const libs = readdirSync(libsDir).filter((name) => existsSync(path.join(libsDir, name, 'package.json')));
  const graph: LibGraph = new Map(libs.map((lib) => [lib, new Set<string>()]));
  for (const lib of libs) {
    const src = path.join(libsDir, lib, 'src');
    if (!existsSync(src)) continue;
    for (const file of sourceFiles(src)) {
      for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
        const target = /^@dp\/([^/]+)/.exec(fileName)?.[1];
        if (target && target !== lib && graph.has(target)) graph.get(lib)!.add(target);
      }
    }
  }
  return graph;
}

/** The cycles of the graph, each as the libs of one strongly connected component (Tarjan), plus self-imports. */
export function cycles(graph: LibGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (lib: string) => {
    index.set(lib, next);
    low.set(lib, next++);
    stack.push(lib);
    for (const dep of graph.get(lib) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(lib, Math.min(low.get(lib)!, low.get(dep)!));
      } else if (stack.includes(dep)) low.set(lib, Math.min(low.get(lib)!, index.get(dep)!));
    }
    if (low.get(lib) === index.get(lib)) {
      const component: string[] = [];
      for (let top = stack.pop(); top !== undefined; top = top === lib ? undefined : stack.pop()) component.push(top);
      if (component.length > 1 || graph.get(lib)?.has(lib)) found.push(component.sort());
    }
  };
  for (const lib of graph.keys()) if (!index.has(lib)) visit(lib);
  return found;
}

/** The lowest layer each lib can sit in (0: imports no lib; else one above the highest it imports). */
export function layersOf(graph: LibGraph): Map<string, number> {
  const found = cycles(graph);
  if (found.length) throw new Error(`libs in a cycle have no layer: ${found.map((c) => c.join(', ')).join('; ')}`);
  const layer = new Map<string, number>();
  const of = (lib: string): number => {
    if (!layer.has(lib)) layer.set(lib, Math.max(-1, ...[...(graph.get(lib) ?? [])].map(of)) + 1);
    return layer.get(lib)!;
  };
  for (const lib of graph.keys()) of(lib);
  return layer;
}

if (require.main === module) {
  const graph = libGraph();
  const found = cycles(graph);
  const layers = found.length ? undefined : layersOf(graph);
  for (const [lib, deps] of [...graph].sort((a, b) => (layers ? layers.get(a[0])! - layers.get(b[0])! : 0) || a[0].localeCompare(b[0]))) {
    console.log(`${layers ? `${layers.get(lib)} ` : ''}${lib} -> ${[...deps].sort().join(', ') || '(none)'}`);
  }
  for (const component of found) console.log(`cycle among: ${component.join(', ')}`);
  process.exitCode = found.length ? 1 : 0;
}
