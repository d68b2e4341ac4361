import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { compileRequestSchemas, HttpError, listQuery, pathParams, route, type FromSchema, type ValidationMiddleware } from '../../src';

const params = pathParams('spaceId');
const query = {
  type: 'object',
  properties: { limit: { type: 'integer', default: 50 }, nested: { type: 'boolean' } },
  additionalProperties: false,
} as const;
const body = {
  type: 'object',
  properties: { title: { type: 'string' }, kind: { type: 'string', enum: ['a', 'b'] } },
  required: ['title'],
  additionalProperties: false,
} as const;

/** Runs a route's two handlers on a bare request, as Express would in order. */
async function run(handlers: [ValidationMiddleware, RequestHandler], req: Partial<Request>) {
  const request = { params: {}, query: {}, body: undefined, ...req } as Request;
  const [check, handler] = handlers;
  check(request, {} as Response, () => undefined);
  await handler(request, {} as Response, (() => undefined) as NextFunction);
}

test('When a route is declared, Then its first handler is the validate() middleware carrying its schemas', () => {
  const [check] = route({ params, query }).handle(() => undefined);
  expect(check.schemas).toEqual({ params, query });
});

test('When the input fits, Then the handler sees it coerced and defaulted, typed from the schemas', async () => {
  let seen: { spaceId: string; limit: number; nested: boolean | undefined; title: string; kind: 'a' | 'b' | undefined } | undefined;
  const handlers = route({ params, query, body }).handle((req) => {
    // Each assignment type-checks only if FromSchema gives these exact types (limit is defaulted, so required).
    const spaceId: string = req.params.spaceId;
    const limit: number = req.query.limit;
    const nested: boolean | undefined = req.query.nested;
    const input: FromSchema<typeof body> = req.body;
    seen = { spaceId, limit, nested, title: input.title, kind: input.kind };
  });
  await run(handlers, { params: { spaceId: 'abc' }, query: { nested: 'false' }, body: { title: 'T', kind: 'b' } });
  expect(seen).toEqual({ spaceId: 'abc', limit: 50, nested: false, title: 'T', kind: 'b' });
});

test('When the input does not fit, Then it is a 400 naming the field and the handler does not run', async () => {
  let ran = false;
  const handlers = route({ params, body }).handle(() => {
    ran = true;
  });
  await expect(run(handlers, { params: { spaceId: 'abc' }, body: { title: 'T', kind: 'c' } })).rejects.toThrow(
    expect.objectContaining({ status: 400, message: 'body.kind must be one of: a, b' }),
  );
  expect(ran).toBe(false);
  await expect(run(handlers, { params: { spaceId: 'abc' }, body: { title: 'T', kind: 'c' } })).rejects.toBeInstanceOf(HttpError);
});

const badSchemas: Array<[string, object]> = [
  ['an unknown keyword', { type: 'object', properties: { a: { type: 'string', maxLenght: 3 } } }],
  ['a required property the schema does not define', { type: 'object', properties: {}, required: ['a'] }],
  ['a union type', { type: 'object', properties: { a: { type: ['string', 'number'], maxLength: 3 } } }],
];
for (const [what, schema] of badSchemas) {
  test(`When a schema has ${what}, Then compiling the route's schemas fails (ajv strict mode), as its first request would`, async () => {
    expect(() => compileRequestSchemas({ body: schema })).toThrow(/strict mode|unknown keyword/);
    const handlers = route({ body: schema }).handle(() => undefined);
    await expect(run(handlers, { body: {} })).rejects.toThrow(/strict mode|unknown keyword/);
  });
}

test('When a list query has extra filters, Then the handler sees them typed from their schemas and unknown enum values are a 400', async () => {
  const listed = listQuery({ status: { type: 'string', enum: ['ok', 'broken'] }, published: { type: 'boolean' } });
  let seen: { status: 'ok' | 'broken' | undefined; published: boolean | undefined; limit: number } | undefined;
  const handlers = route({ query: listed }).handle((req) => {
    // Type-checks only if listQuery kept the filters' literal schemas (a `Record<string, object>` made them unknown).
    const status: 'ok' | 'broken' | undefined = req.query.status;
    const published: boolean | undefined = req.query.published;
    seen = { status, published, limit: req.query.limit };
  });
  await run(handlers, { query: { status: 'broken', published: 'true' } });
  expect(seen).toEqual({ status: 'broken', published: true, limit: 50 });
  await expect(run(handlers, { query: { status: 'nope' } })).rejects.toThrow(expect.objectContaining({ status: 400, message: 'query.status must be one of: ok, broken' }));
});

test('When a oneOf has a discriminator, Then the handler sees the union and an error names the field of the variant its tag chose', async () => {
  const pointer = {
    type: 'object',
    discriminator: { propertyName: 'type' },
    oneOf: [
      { properties: { type: { const: 'space' }, space: { type: 'string' } }, required: ['type', 'space'], additionalProperties: false },
      { properties: { type: { const: 'collection' }, collection: { type: 'string' } }, required: ['type', 'collection'], additionalProperties: false },
    ],
  } as const;
  let seen: string | undefined;
  const handlers = route({ body: pointer }).handle((req) => {
    // Narrowing on `type` type-checks only if FromSchema gives the union of the variants.
    seen = req.body.type === 'space' ? req.body.space : req.body.collection;
  });
  await run(handlers, { body: { type: 'collection', collection: 'c1' } });
  expect(seen).toBe('c1');
  await expect(run(handlers, { body: { type: 'collection', space: 's1' } })).rejects.toThrow(expect.objectContaining({ status: 400, message: 'body.collection is required' }));
  await expect(run(handlers, { body: { type: 'page' } })).rejects.toThrow(expect.objectContaining({ status: 400 }));
});
