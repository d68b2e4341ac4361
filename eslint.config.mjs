import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Bounded contexts share code only through libs (@dp/<lib>): a service never imports another service (by package
// or by a relative path out of its folder), and libs never import a service, the gateway or the local stack.
const apps = ['identity', 'content', 'sites', 'openapi', 'integrations', 'translations', 'gateway', 'local'];
const appPackage = { regex: `^@dp/(${apps.join('|')})(/|$)`, message: 'Import only libs (@dp/<lib>): services talk through HTTP and events.' };
const outOfFolder = (folders) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message: 'Do not reach into another workspace by a relative path.' });
// Anywhere: a workspace is imported by its package, never by a path into its src/ (which would dodge a cycle the
// libs must not have, as @dp/metrics once did with @dp/http's listener).
const deepImport = { regex: '^@dp/[^/]+/src(/|$)', message: 'Import the package (@dp/<lib>), never its src/: move what both sides need into a lib of its own.' };
const boundaries = [
  {
    files: ['**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepImport] }] },
  },
  {
    files: ['services/**/*.ts', 'gateway/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepImport, appPackage, outOfFolder([...apps, 'services', 'libs', 'infra'])] }] },
  },
  {
    files: ['libs/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepImport, appPackage, outOfFolder(['services', 'gateway', 'infra', ...apps])] }] },
  },
];

// The libs in layers, lowest first (docs/adr/0065): a lib's src imports only libs of lower layers, so no import
// path between libs comes back to where it started. A lib not placed here stops lint. Tests of a lib may import
// any lib. test/unit/lib-layers.test.ts reads the real imports (dynamic ones too) and fails on a cycle.
const libLayers = [
  ['config', 'log', 'errors', 'roles', 'ordering', 'outbound', 'threads'],
  // contracts: schemas only (internal bodies, merge rules), which events carry too (docs/adr/0103).
  ['listen', 'tracing', 'contracts'],
  // The renderer shows what services' contracts describe (an OpenAPI operation, docs/adr/0083).
  ['events', 'markdown-html'],
  ['db'],
  ['metrics'],
  ['http', 'bus'],
  ['auth'],
  // The clients of the openapi service's block views and of integrations' blocks, shared by the sites publisher and
  // content's PDF (docs/adr/0083, 0094); the grants of roles on a context's objects (docs/adr/0097).
  ['presenters', 'runtime', 'openapi-views', 'integration-views', 'grants'],
  // The component-test helper builds a service's app through runtime (docs/adr/0067).
  ['testing'],
];
const placed = libLayers.flat();
const libsDir = path.join(import.meta.dirname, 'libs');
const unplaced = readdirSync(libsDir).filter((lib) => existsSync(path.join(libsDir, lib, 'package.json')) && !placed.includes(lib));
if (unplaced.length) throw new Error(`eslint.config.mjs: give libs/${unplaced.join(', libs/')} a layer in libLayers (docs/adr/0065)`);
const layered = libLayers.flatMap((layer, i) =>
  layer.map((lib) => {
    const notBelow = libLayers.slice(i).flat();
    const upward = {
      regex: `^@dp/(${notBelow.join('|')})(/|$)`,
      message: `@dp/${lib} is in layer ${i} of the libs (eslint.config.mjs libLayers, docs/adr/0065): it imports only libs of lower layers (${libLayers.slice(0, i).flat().join(', ') || 'none'}); move what both need down a layer.`,
    };
    return {
      files: [`libs/${lib}/src/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: [deepImport, appPackage, outOfFolder(['services', 'gateway', 'infra', ...apps]), upward] }] },
    };
  }),
);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.embedded-pg/**', 'jest.config.js', 'jest.*.config.js', 'jest.base.js', 'jest.shared-stack-files.js', 'test/support/sequencer.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Types are derived (FromSchema of the schemas a route validates or declares, docs/adr/0054), never `any`.
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/test/**', 'bench/**', 'scripts/**', 'infra/local/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests read answers they assert field by field: the test client's body may stay `any` (libs/testing is for tests only).
    files: ['**/test/**', 'libs/testing/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...boundaries,
  ...layered,
);
