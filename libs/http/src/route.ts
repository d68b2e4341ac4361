import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { FromSchema as FromJsonSchema, JSONSchema } from 'json-schema-to-ts';
import { assertValid, validate, type ValidationMiddleware } from './validate';

export type { JSONSchema } from 'json-schema-to-ts';

/**
 * The TS type of a value a request schema accepted, after ajv's coercion and defaults: a property with a
 * `default` is present (json-schema-to-ts's default options, which match `useDefaults: true`). The one
 * way services derive input types from their schemas.
 */
export type FromSchema<S extends JSONSchema> = FromJsonSchema<S>;

/** A schema of a request part (params, query and body are objects, so never the `true`/`false` schemas). */
export type RequestPartSchema = Exclude<JSONSchema, boolean>;

/**
 * The JSON bodies an operation of ours (one GitBook's API does not have) answers, by status: the API reference
 * shows them (docs/adr/0054) and the tests' client checks every answer against them. Not checked at run time;
 * an official operation is described by GitBook's own schemas, and these are ignored there.
 */
export type ResponseSchemas = Readonly<Partial<Record<200 | 201 | 202, Exclude<JSONSchema, boolean>>>>;

/** The schemas of one route; each request part left out is not validated (and typed as nothing useful). */
export interface RouteSchemas {
  params?: RequestPartSchema;
  query?: RequestPartSchema;
  body?: RequestPartSchema;
  responses?: ResponseSchemas;
}

type Part<S extends RouteSchemas, K extends keyof RouteSchemas, Otherwise> = S[K] extends RequestPartSchema ? FromSchema<S[K]> : Otherwise;

/** A request whose params, query and body have passed `schemas` (an unvalidated part is empty/unknown). */
export type ValidatedRequest<S extends RouteSchemas> = Request<
  Part<S, 'params', Record<string, never>>,
  unknown,
  Part<S, 'body', unknown>,
  Part<S, 'query', Record<string, never>>
>;

export type ValidatedHandler<S extends RouteSchemas> = (req: ValidatedRequest<S>, res: Response, next: NextFunction) => unknown;

/** What `route(schemas)` gives: `.handle(handler)` returns the route's two Express handlers. */
export interface TypedRoute<S extends RouteSchemas> {
  handle(handler: ValidatedHandler<S>): [ValidationMiddleware, RequestHandler];
}

/**
 * One validated route: `router.get(path, ...route({ params, query }).handle(async (req, res) => ...))`: first
 * `validate(schemas)` (400 on bad input; it carries `.schemas` for the generated tests), then the handler, whose
 * `req.params`, `req.query` and `req.body` are typed from the same schemas. Two calls, not `route(schemas, handler)`:
 * one call resolves FromSchema while inferring the schemas, so a large one fails with "type instantiation is
 * excessively deep" (docs/adr/0025); fixing the schemas first keeps the handler's type shallow.
 */
export function route<const S extends RouteSchemas>(schemas: S): TypedRoute<S> {
  return {
    handle(handler) {
      // The one cast between Express's untyped request and the schemas' types: sound because validate(schemas)
      // runs first on the same route and answers 400 unless every part matches (coerced and defaulted).
      return [validate(schemas), handler as unknown as RequestHandler];
    },
  };
}

/**
 * A value that arrived inside a request part (e.g. a compressed JSON query parameter), validated like a body
 * against `schema` (400 naming `where` when it does not fit) and typed from the same schema.
 */
export function parseValid<const S extends RequestPartSchema>(schema: S, value: unknown, where: string): FromSchema<S> {
  assertValid(schema, value, where);
  // Sound for the same reason as route's cast: assertValid has just accepted the value (with its defaults).
  return value as FromSchema<S>;
}
