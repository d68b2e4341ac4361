// Five projects: `unit` (pure, no I/O), `component` (one service's app on the real PostgreSQL), `shared-stack` (API
// tests on the run's one shared stack), `no-database` (threads, listeners, sandboxes: no PostgreSQL) and
// `integration` (whole stacks on the real PostgreSQL and RabbitMQ, files run in parallel, each on its own schema and
// exchange).
// The broker-failure tests (test/reliability) have their own config, jest.reliability.config.js, so that a plain
// `npx jest` never stops a broker under the other tests; the launcher's test, which boots whole stacks as
// processes, has jest.launcher.config.js (alone, for the connection budget). `npm test` runs them all in phases
// (scripts/test.mjs).
const common = require('./jest.base.js');
// Files on the run's shared stack (docs/adr/0073): a project of their own, which `npm test` runs before the other
// integration files rather than beside them.
const sharedStackFiles = require('./jest.shared-stack-files.js');
const escape = (file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const unitDirs = '<rootDir>/**/test/{domain,unit}/**/*.test.ts';
// One service's app (services/<name>/test/http) or worker (libs/runtime/test) on its own schema, a pool of 2
// connections (docs/testing.md).
const componentDirs = ['<rootDir>/services/*/test/http/**/*.test.ts', '<rootDir>/libs/runtime/test/**/*.test.ts'];
// Integration files that hold no PostgreSQL connection (threads, listeners, sandboxes, the renderer, the bus alone,
// the gateway's and the providers' own servers):
// outside the connection budget, `npm test` runs them beside the stack phases, whose CPU is partly idle
// (docs/testing.md). Their setup points PostgreSQL at a closed port, so a connection there fails loudly.
const noDatabaseFiles = [
  '/libs/threads/test/.+\\.test\\.ts$',
  '/libs/listen/test/.+\\.test\\.ts$',
  '/libs/markdown-html/test/renderer\\.test\\.ts$',
  '/libs/http/test/[^/]+\\.test\\.ts$',
  '/libs/bus/test/integration/(broadcast|delivery-limit|queue-migration)\\.test\\.ts$',
  '/services/integrations/test/sandbox/.+\\.test\\.ts$',
  '/gateway/test/(api-documents|app-pages|proxy|sso-forwarding)\\.test\\.ts$',
  '/libs/(auth|log|metrics|outbound|integration-views|openapi-views)/test/[^/]+\\.test\\.ts$',
  '/services/translations/test/providers/.+\\.test\\.ts$',
  // Git Sync's adapter against the tests' own git server (issue 27).
  '/services/content/test/providers/.+\\.test\\.ts$',
];

module.exports = {
  // Per-project testTimeout is ignored by jest: the default for every test is set here.
  testTimeout: 30000,
  maxWorkers: 2,
  // Test files run in a worker process that is replaced once its heap passes this after a file: each file boots
  // whole stacks (every service's modules, caches, the official specs the API reference reads), and a finished
  // file's stacks stay reachable: heap snapshots (2026-11-25) show each file's vm context held from Node's
  // environment cleanup queue (jest's vm sandboxes on Node 20, jestjs/jest#11956, for which this option is
  // jest's own remedy), and for a few seconds more through jest-circus's AsyncLocalStorage store (the running
  // hook, which closes over the stack) on the timers of AbortSignal.timeout. One process running every file grew
  // past Node's 4 GB heap, with multi-second garbage collections first that made time-limited tests fail (an
  // integration call's 8 s limit). Set, it also keeps jest from running the files in its own process.
  workerIdleMemoryLimit: '1200MB',
  // Test schemas, queues and exchanges are swept by prefix before and after a run (docs/adr/0027).
  // Slowest files first, from jest's timings or, on a clean clone, the repository's (test/support/sequencer.js).
  testSequencer: '<rootDir>/test/support/sequencer.js',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  projects: [
    { ...common, displayName: 'unit', testMatch: [unitDirs], testPathIgnorePatterns: ['/node_modules/'] },
    { ...common, displayName: 'component', testMatch: componentDirs, testPathIgnorePatterns: ['/node_modules/'] },
    { ...common, displayName: 'shared-stack', testMatch: sharedStackFiles, testPathIgnorePatterns: ['/node_modules/'] },
    {
      ...common,
      displayName: 'no-database',
      testRegex: noDatabaseFiles,
      testPathIgnorePatterns: ['/node_modules/'],
      setupFiles: ['<rootDir>/test/support/no-database.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/test/(domain|unit|reliability)/', '/services/[^/]+/test/http/', '/libs/runtime/test/', '/test/infra/launcher\\.test\\.ts$', ...noDatabaseFiles, ...sharedStackFiles.map((file) => `^${escape(file)}$`)],
    },
  ],
};
