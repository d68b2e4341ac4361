import v8 from 'node:v8';
import vm from 'node:vm';
import { adaptiveSchemaProblem } from '../../src/domain/adaptive-schema-rules';
import { DRAFT_07, UNSIGNED_DESCRIPTION } from '../../src/domain/adaptive-schema';

// issue 21 §7 (docs/adr/0061): checking a schema compiled it with a module-level ajv, which keeps every schema it
// compiled: 60 checks of a 1.5 MB schema kept 214 MB after collection (110 MB with a throwaway ajv, V8 keeping the
// source of each function ajv made). Checking must leave nothing behind.

/** A schema the rules accept, about 1.5 MB: 100 signed claims and 100 unsigned string claims of 100 values each. */
function largeSchema(seed: number) {
  const text = (i: number, j: number) => `${seed}-${i}-${j}-`.padEnd(150, 'x');
  const signed = Object.fromEntries(Array.from({ length: 99 }, (_, i) => [`claim${i}`, { type: 'boolean', description: text(i, 0) }]));
  const unsigned = Object.fromEntries(
    Array.from({ length: 100 }, (_, i) => [`u${i}`, { type: 'string', description: text(i, 1), enum: Array.from({ length: 100 }, (_, j) => text(i, j)) }]),
  );
  return {
    $schema: DRAFT_07,
    type: 'object',
    properties: { ...signed, unsigned: { type: 'object', description: UNSIGNED_DESCRIPTION, properties: unsigned, additionalProperties: false } },
    additionalProperties: false,
  };
}

v8.setFlagsFromString('--expose-gc');
const gc: () => void = vm.runInNewContext('gc');
function heapAfterCollection(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('adaptiveSchemaProblem memory', () => {
  test('When a 1.5 MB schema is checked 60 times, Then the heap stays flat (nothing compiled is kept)', () => {
    const bytes = JSON.stringify(largeSchema(0)).length;
    expect(bytes).toBeGreaterThan(1.4 * 1024 * 1024);
    // Warm up: ajv's own meta-schemas and the rules' compiled check are made once.
    for (let i = 0; i < 3; i++) expect(adaptiveSchemaProblem(largeSchema(i), 'body.jsonSchema')).toBeUndefined();
    const before = heapAfterCollection();
    // A fresh object each time, as each PUT parses its own body.
    for (let i = 0; i < 60; i++) expect(adaptiveSchemaProblem(largeSchema(i), 'body.jsonSchema')).toBeUndefined();
    const growth = heapAfterCollection() - before;
    // Compiled, 60 checks keep 110 to 214 MB; checked as data, the heap moves by noise (measured: -0.2 MB).
    expect(growth).toBeLessThan(10 * bytes);
  }, 240000);
});
