import { operationViews, schemaViews, VIEW_LIMITS, webhookKey } from '../../src/domain/operation-views';

const petstore = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets/{petId}': {
      parameters: [{ $ref: '#/components/parameters/PetId' }],
      get: {
        summary: 'Read a pet',
        description: 'Reads **one** pet.',
        parameters: [{ name: 'fields', in: 'query', schema: { type: 'array', items: { type: 'string', enum: ['name', 'tag'] } } }],
        responses: {
          '200': { description: 'The pet', content: { 'application/xml': { schema: { type: 'string' } }, 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          default: { $ref: '#/components/responses/Error' },
        },
      },
      put: {
        deprecated: true,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } } },
        responses: { '204': { description: 'Saved' } },
      },
    },
  },
  components: {
    parameters: { PetId: { name: 'petId', in: 'path', required: true, description: 'The pet', schema: { type: 'string', format: 'uuid' } } },
    responses: { Error: { description: 'An error', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } } } } },
    schemas: {
      Pet: { allOf: [{ $ref: '#/components/schemas/NewPet' }, { type: 'object', required: ['id'], properties: { id: { type: 'integer', format: 'int64' } } }] },
      NewPet: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', description: 'What it answers to' },
          owner: { type: 'object', nullable: true, properties: { email: { type: 'string' } } },
          children: { type: 'array', items: { $ref: '#/components/schemas/NewPet' } },
          kind: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { type: 'string' }] },
        },
      },
      Cat: { type: 'object', properties: { purrs: { type: 'boolean' } } },
    },
  },
};

describe('operation views of a bundled spec', () => {
  test('When a spec is read, Then each operation has its parameters, body and responses, schemas as rows of fields', () => {
    const views = operationViews(petstore);
    expect(Object.keys(views)).toEqual(['GET /pets/{petId}', 'PUT /pets/{petId}']);
    const get = views['GET /pets/{petId}'];
    expect(get).toMatchObject({ method: 'GET', path: '/pets/{petId}', summary: 'Read a pet', description: 'Reads **one** pet.', deprecated: false });
    expect(get.parameters).toEqual([
      { name: 'petId', in: 'path', type: 'string (uuid)', required: true, description: 'The pet' },
      { name: 'fields', in: 'query', type: 'array of string, one of: "name", "tag"', required: false },
    ]);
    expect(get.requestBody).toBeUndefined();
    expect(get.responses.map((r) => [r.status, r.description, r.contentType, r.type])).toEqual([
      ['200', 'The pet', 'application/json', 'Pet'],
      ['default', 'An error', 'application/json', 'object'],
    ]);
    expect(get.responses[0].fields).toEqual([
      { depth: 0, name: 'name', type: 'string', required: true, description: 'What it answers to' },
      { depth: 0, name: 'owner', type: 'object, nullable', required: false },
      { depth: 1, name: 'email', type: 'string', required: false },
      { depth: 0, name: 'children', type: 'array of NewPet', required: false },
      // NewPet holds NewPets: named, not expanded again.
      { depth: 0, name: 'kind', type: 'one of: Cat | string', required: false },
      { depth: 0, name: 'id', type: 'integer (int64)', required: true },
    ]);
    const put = views['PUT /pets/{petId}'];
    expect(put).toMatchObject({ deprecated: true, requestBody: { required: true, contentType: 'application/json', type: 'NewPet' }, responses: [{ status: '204', description: 'Saved', fields: [] }] });
  });

  test('When a Swagger 2.0 spec is read, Then its body parameter is the request body', () => {
    const swagger = {
      swagger: '2.0',
      consumes: ['application/json'],
      paths: { '/pets': { post: { parameters: [{ name: 'pet', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }, { name: 'dry', in: 'query', type: 'boolean' }], responses: { '201': { description: 'Made', schema: { $ref: '#/definitions/Pet' } } } } } },
      definitions: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
    };
    const post = operationViews(swagger)['POST /pets'];
    expect(post.parameters).toEqual([{ name: 'dry', in: 'query', type: 'boolean', required: false }]);
    expect(post.requestBody).toEqual({ required: true, contentType: 'application/json', type: 'Pet', fields: [{ depth: 0, name: 'name', type: 'string', required: false }] });
    expect(post.responses[0]).toEqual({ status: '201', description: 'Made', contentType: 'application/json', type: 'Pet', fields: [{ depth: 0, name: 'name', type: 'string', required: false }] });
  });

  test('When a spec is hostile (huge, deep, cyclic refs, long texts), Then every view stays within its bounds', () => {
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`p${i}`, { type: 'string', description: 'd'.repeat(100_000) }])) };
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 200; i++) deep = { type: 'object', properties: { [`level${i}`]: deep } };
    const spec = {
      openapi: '3.1.0',
      paths: {
        '/wide': { post: { summary: 's'.repeat(100_000), requestBody: { content: { 'application/json': { schema: wide } } }, responses: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [String(200 + i), { description: 'ok' }])) } },
        '/deep': { post: { requestBody: { content: { 'application/json': { schema: deep } } }, responses: {} } },
        '/loop': { get: { parameters: [{ $ref: '#/components/parameters/A' }], responses: { '200': { $ref: '#/components/responses/A' } } } },
      },
      components: { parameters: { A: { $ref: '#/components/parameters/B' }, B: { $ref: '#/components/parameters/A' } }, responses: { A: { $ref: '#/components/responses/A' } } },
    };
    const views = operationViews(spec);
    const wideView = views['POST /wide'];
    expect(wideView.summary).toHaveLength(VIEW_LIMITS.text);
    expect(wideView.requestBody?.fields).toHaveLength(VIEW_LIMITS.properties);
    expect(wideView.requestBody?.fields.every((f) => (f.description ?? '').length <= VIEW_LIMITS.text)).toBe(true);
    expect(wideView.responses).toHaveLength(VIEW_LIMITS.responses);
    expect(Math.max(...(views['POST /deep'].requestBody?.fields ?? []).map((f) => f.depth))).toBe(VIEW_LIMITS.depth - 1);
    expect(views['GET /loop']).toMatchObject({ parameters: [], responses: [{ status: '200', description: '', fields: [] }] });
    expect(JSON.stringify(views).length).toBeLessThan(1_000_000);
  });

  test('When the document is no spec, Then it has no operations', () => {
    expect(operationViews(null)).toEqual({});
    expect(operationViews({ paths: [] })).toEqual({});
  });
});

describe('webhook and schema views (openapi-webhook and openapi-schemas blocks)', () => {
  test('When a spec has webhooks and named schemas, Then each webhook is a view under its own key and each schema the rows of its fields', () => {
    const spec = {
      openapi: '3.1.0',
      paths: {},
      webhooks: { newPet: { post: { summary: 'Added', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, responses: {} } } },
      components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' }, owner: { $ref: '#/components/schemas/Owner' } } }, Owner: { type: 'object', description: 'Who', properties: { email: { type: 'string' } } } } },
    };
    expect(operationViews(spec)[webhookKey('post', 'newPet')]).toMatchObject({ method: 'POST', path: 'newPet', summary: 'Added', requestBody: { fields: [{ name: 'name' }, { name: 'owner' }, { depth: 1, name: 'email' }] } });
    expect(schemaViews(spec)).toEqual({
      Pet: { name: 'Pet', type: 'object', fields: [{ depth: 0, name: 'name', type: 'string', required: false }, { depth: 0, name: 'owner', type: 'Owner', required: false, description: 'Who' }, { depth: 1, name: 'email', type: 'string', required: false }] },
      Owner: { name: 'Owner', type: 'object', description: 'Who', fields: [{ depth: 0, name: 'email', type: 'string', required: false }] },
    });
  });

  test('When a Swagger 2.0 spec has definitions, or a spec has more schemas than the bound, Then its schemas are read, at most the bound', () => {
    expect(Object.keys(schemaViews({ swagger: '2.0', definitions: { Pet: { type: 'object' } } }))).toEqual(['Pet']);
    const many = Object.fromEntries(Array.from({ length: VIEW_LIMITS.schemas + 5 }, (_, i) => [`S${i}`, { type: 'string' }]));
    expect(Object.keys(schemaViews({ openapi: '3.0.0', components: { schemas: many } }))).toHaveLength(VIEW_LIMITS.schemas);
    expect(schemaViews('not a spec')).toEqual({});
  });
});

