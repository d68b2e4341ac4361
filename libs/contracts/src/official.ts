/**
 * GitBook's own types of the public routes' bodies (`@gitbook/api`, generated from the spec/openapi.json the
 * contract tests check every official answer against), for a client of another service's public route to
 * `Pick` the fields it reads (docs/adr/0065). Read by path, type-only, as test/support/gitbook-api.ts does:
 * the package's `dist/index.d.ts` names `./client` without an extension, which NodeNext does not resolve in its
 * `"type": "module"` package, and its `exports` open no other path.
 */
export type * as Official from '../../../node_modules/@gitbook/api/dist/client.js';
