/* global module */
// What every jest config of the repository shares: TypeScript through swc, the node environment.
// shiki (code highlighting, docs/adr/0080) ships ES modules only, which jest's require cannot load on Node 20:
// swc turns its files (and its own dependencies') into CommonJS, once per cache.
const esmPackages = ['shiki', '@shikijs', 'oniguruma-to-es', 'oniguruma-parser', 'regex', 'regex-recursion', 'regex-utilities', 'hast-util-to-html', 'html-void-elements', 'property-information', 'zwitch', 'stringify-entities', 'character-entities-html4', 'character-entities-legacy', 'ccount', 'comma-separated-tokens', 'space-separated-tokens', 'unist-util-stringify-position', 'vfile-message', 'hast-util-whitespace', 'devlop', '@ungap'];
module.exports = {
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
    '^.+\\.m?js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
};
