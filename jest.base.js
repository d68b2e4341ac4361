/* global module */
// What every jest config of the repository shares: TypeScript through swc, the node environment.
module.exports = {
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] },
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
};
