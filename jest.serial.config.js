/* global module */
// The tests that run alone, after the others (`npm run test:serial`):
// - the broker-failure tests (test/reliability): they stop, disconnect and SIGKILL a RabbitMQ node, so a plain
//   `npx jest` (jest.config.js) never runs them. globalSetup starts a node of their own on free ports
//   (docs/adr/0028) and globalTeardown removes it; the shared broker on 5672 is never touched;
// - the launcher's (test/infra/launcher.test.ts): two whole stacks at once and `npm start` itself hold 26
//   connections, which beside another file's stack would pass the suite's budget of 30 (docs/testing.md).
// Run serially: `npx jest -c jest.serial.config.js --runInBand`.
module.exports = {
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] },
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  displayName: 'serial',
  testMatch: ['<rootDir>/test/reliability/**/*.test.ts', '<rootDir>/test/infra/launcher.test.ts'],
  globalSetup: '<rootDir>/test/reliability/global-setup.ts',
  globalTeardown: '<rootDir>/test/reliability/global-teardown.ts',
  // A backstop only: every wait inside a test is on a readiness signal with its own bound.
  testTimeout: 180_000,
};
