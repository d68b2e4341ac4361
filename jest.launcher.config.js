/* global module, require */
// The launcher's test (`npm run test:launcher`): two whole stacks at once and `npm start` itself hold 26
// PostgreSQL connections, which beside another file's stack would pass the suite's budget of 30 (docs/testing.md),
// so `npm test` runs it alone, last.
module.exports = {
  ...require('./jest.base.js'),
  displayName: 'launcher',
  testMatch: ['<rootDir>/test/infra/launcher.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 180_000,
};
