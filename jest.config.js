// Three projects: `unit` (pure, no I/O), `integration` (real PostgreSQL and RabbitMQ, files run in parallel,
// each on its own schema and exchange) and `reliability` (stops and restarts the broker: run serially, apart).
const transform = { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] };
const common = { transform, testEnvironment: 'node', moduleFileExtensions: ['ts', 'js', 'json'] };
const unitDirs = '<rootDir>/**/test/{domain,unit}/**/*.test.ts';

module.exports = {
  // Per-project testTimeout is ignored by jest: the default for every test is set here.
  testTimeout: 30000,
  projects: [
    { ...common, displayName: 'unit', testMatch: [unitDirs], testPathIgnorePatterns: ['/node_modules/'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/test/(domain|unit|reliability)/'],
    },
    {
      ...common,
      displayName: 'reliability',
      testMatch: ['<rootDir>/test/reliability/**/*.test.ts'],
    },
  ],
};
