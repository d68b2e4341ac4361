import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { NextFunction, Request, Response } from 'express';
import { badRequest } from '@dp/errors';
import { pathOfNul, undecodableParam } from './input-safety';

/**
 * Request validation from JSON Schemas, compiled once per schema. Query and path parameters are coerced
 * (query strings carry numbers and booleans as text); bodies are not: a wrong JSON type is a 400.
 */
function makeAjv(coerceTypes: boolean) {
  // Strict: an unknown keyword, a keyword that does not apply to the declared type, a `required` property the
  // schema does not define or an ignored `default` is a schema bug, reported when the route is declared.
  const ajv = new Ajv({ allErrors: false, coerceTypes, useDefaults: true, removeAdditional: false, strict: true, discriminator: true });
  addFormats(ajv);
  ajv.addFormat('emoji', EMOJI_FORMAT);
  return ajv;
}

/** GitBook's `emoji` format: one or more unicode codepoints or a hex codepoint such as "1f389". */
export const EMOJI_FORMAT = /^(?:[0-9a-fA-F]{2,6}(?:-[0-9a-fA-F]{2,6})*|[^\s\w]{1,16})$/u;
const bodyAjv = makeAjv(false);
const paramAjv = makeAjv(true);

// One cache per ajv: a schema used both as a query (coerced) and as a body (not) gets both compilations.
const caches = new Map<Ajv, WeakMap<object, ValidateFunction>>([
  [bodyAjv, new WeakMap()],
  [paramAjv, new WeakMap()],
]);
function compiled(ajv: Ajv, schema: object): ValidateFunction {
  const cache = caches.get(ajv)!;
  let fn = cache.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    cache.set(schema, fn);
  }
  return fn;
}

export function describeError(where: string, e: ErrorObject): string {
  const path = `${where}${e.instancePath.replace(/\//g, '.')}`;
  switch (e.keyword) {
    case 'additionalProperties':
      return `${path}.${(e.params as { additionalProperty: string }).additionalProperty} is not allowed`;
    case 'required':
      return `${path}.${(e.params as { missingProperty: string }).missingProperty} is required`;
    case 'enum':
      return `${path} must be one of: ${(e.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ')}`;
    default:
      return `${path} ${e.message}`;
  }
}

/** What a route declares (see route.ts `RouteSchemas`): the request parts it checks, and the bodies it answers (never checked here). */
export interface RequestSchemas {
  params?: object;
  query?: object;
  body?: object;
  responses?: Readonly<Partial<Record<number, object>>>;
}

/**
 * The error to report: the deepest one. A `oneOf` that fails reports each branch's errors, then its own; the
 * branch that got furthest into the value (`{document: 42}` is a document of the wrong type, not a markdown
 * body missing its markdown) names what is wrong.
 */
function deepestError(errors: ErrorObject[]): ErrorObject {
  const depth = (e: ErrorObject) => e.instancePath.split('/').length;
  return errors.reduce((deepest, e) => (depth(e) > depth(deepest) ? e : deepest));
}

function check(ajv: Ajv, schema: object, where: string, value: unknown): void {
  const fn = compiled(ajv, schema);
  if (!fn(value)) throw badRequest(describeError(where, deepestError(fn.errors!)));
  const nul = pathOfNul(value, where);
  if (nul) throw badRequest(`${nul} must not contain NUL (\\u0000) characters`);
}

/** A validation middleware; `schemas` is what it checks, read by tests generated from the routes (bad input, docs). */
export type ValidationMiddleware = ((req: Request, res: Response, next: NextFunction) => void) & { schemas: RequestSchemas };

/** Express middleware: validates (and coerces/defaults) params, query and body, or answers 400. */
export function validate(schemas: RequestSchemas): ValidationMiddleware {
  // Compiled on a route's first request, not when it is declared: a stack has about 170 schemas (0.5 s of CPU at
  // every boot, most never used by one process). A schema strict mode rejects is caught by the test that
  // compiles every route's (compileRequestSchemas, docs/adr/0069).
  const middleware = (req: Request, _res: Response, next: NextFunction) => {
    const undecodable = undecodableParam(req);
    if (undecodable) throw badRequest(`params.${undecodable} is not valid percent-encoded UTF-8`);
    if (schemas.params) check(paramAjv, schemas.params, 'params', req.params);
    if (schemas.query) {
      // Express 5 exposes req.query through a getter: validate a copy and pin it on the request.
      const query = { ...(req.query as object) };
      check(paramAjv, schemas.query, 'query', query);
      Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });
    }
    if (schemas.body) {
      if (req.body === undefined) req.body = {};
      check(bodyAjv, schemas.body, 'body', req.body);
    }
    next();
  };
  return Object.assign(middleware, { schemas });
}

/** Compiles a route's request schemas as its first request would: throws where ajv's strict mode rejects one. */
export function compileRequestSchemas(schemas: RequestSchemas): void {
  if (schemas.params) compiled(paramAjv, schemas.params);
  if (schemas.query) compiled(paramAjv, schemas.query);
  if (schemas.body) compiled(bodyAjv, schemas.body);
}

/** Validates an arbitrary value (e.g. an event payload) and throws a 400 HttpError when it does not fit. */
export function assertValid(schema: object, value: unknown, where = 'value'): void {
  check(bodyAjv, schema, where, value);
}
