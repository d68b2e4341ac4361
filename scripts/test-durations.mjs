/* global process, URL */
// Writes test/support/test-durations.json from jest's own timings of the last runs (its perf caches): the order
// in which test/support/sequencer.js runs the files of a clean clone. Run after `npm test`; the first argument is
// the checkout the tests ran in, when not this one (a clean clone's).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const ranIn = path.resolve(process.argv[2] ?? root);
const cacheDir = path.join(tmpdir(), `jest_${process.getuid?.().toString(36) ?? '0'}`);
const out = path.join(root, 'test/support/test-durations.json');
const durations = JSON.parse(readFileSync(out, 'utf8'));
for (const file of readdirSync(cacheDir).filter((name) => name.startsWith('perf-cache-'))) {
  for (const [testPath, [, ms]] of Object.entries(JSON.parse(readFileSync(path.join(cacheDir, file), 'utf8')))) {
    const relative = path.relative(ranIn, testPath);
    if (!relative.startsWith('..') && ms > 0) durations[relative] = Math.round(ms);
  }
}
const sorted = Object.fromEntries(Object.entries(durations).filter(([file]) => existsSync(path.join(root, file))).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(out, `${JSON.stringify(sorted, null, 1)}\n`);
process.stdout.write(`${Object.keys(sorted).length} files' durations in ${path.relative(root, out)}\n`);
