/* global module, require */
// The broker-failure tests (test/reliability, `npm run test:reliability`): they stop, disconnect and SIGKILL a
// RabbitMQ node, so a plain `npx jest` (jest.config.js) never runs them. globalSetup starts a node of their own on
// free ports (docs/adr/0028) and globalTeardown removes it; the shared broker on 5672 is never touched. One file at
// a time: each stops the node the others would be using. `npm test` runs them beside the checks and the unit tests.
module.exports = {
  ...require('./jest.base.js'),
  displayName: 'reliability',
  testMatch: ['<rootDir>/test/reliability/**/*.test.ts'],
  globalSetup: '<rootDir>/test/reliability/global-setup.ts',
  globalTeardown: '<rootDir>/test/reliability/global-teardown.ts',
  // A backstop only: every wait inside a test is on a readiness signal with its own bound.
  testTimeout: 180_000,
};
