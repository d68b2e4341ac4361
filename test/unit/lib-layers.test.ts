import { cycles, layersOf, libGraph } from '../../scripts/lib-graph';

// libs/ form layers (docs/adr/0065): lint holds each lib's place (eslint.config.mjs), and this reads the imports
// of every lib's src, dynamic ones too, which lint's import rule does not see.
describe('The libs', () => {
  test('When the imports of every lib are read, Then no lib reaches itself through them (no cycle)', () => {
    expect(cycles(libGraph())).toEqual([]);
  });

  test('When two libs import each other, Then the check names both (it can fail)', () => {
    const graph = new Map([
      ['http', new Set(['metrics'])],
      ['metrics', new Set(['db'])],
      ['db', new Set(['http'])],
      ['log', new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual([['db', 'http', 'metrics']]);
  });

  test('When the libs are layered, Then the foundations import no lib and runtime sits above http, db and events', () => {
    const layers = layersOf(libGraph());
    for (const lib of ['config', 'log', 'errors', 'roles']) expect(layers.get(lib)).toBe(0);
    for (const lib of ['http', 'db', 'events', 'auth']) expect(layers.get('runtime')!).toBeGreaterThan(layers.get(lib)!);
    expect(layers.get('http')!).toBeGreaterThan(layers.get('db')!);
    expect(layers.get('events')!).toBeLessThan(layers.get('db')!);
  });
});
