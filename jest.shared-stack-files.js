/* global module, require, __dirname */
// The test files that use the run's shared stack (test/support/shared-stack.ts, docs/adr/0073), found by their
// imports: a file that imports it, or imports a support module that does. jest.config.js runs them as a project
// of their own, so that `npm test` never runs them beside two files with stacks of their own (the connection
// budget).
const fs = require('node:fs');
const path = require('node:path');

const SHARED = path.join(__dirname, 'test/support/shared-stack.ts');
const RELATIVE_IMPORT = /\bfrom\s+'(\.{1,2}\/[^']+)'/g;

function importsShared(file, seen = new Set()) {
  if (file === SHARED) return true;
  if (seen.has(file) || !fs.existsSync(file)) return false;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  for (const [, spec] of source.matchAll(RELATIVE_IMPORT)) {
    const target = path.resolve(path.dirname(file), spec);
    if (importsShared(target.endsWith('.ts') ? target : `${target}.ts`, seen)) return true;
  }
  return false;
}

function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

module.exports = testFiles(path.join(__dirname, 'test')).filter((file) => importsShared(file));
