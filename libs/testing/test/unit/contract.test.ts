import Ajv2020 from 'ajv/dist/2020';
import { needsOwnDocument, preparedReleases, responseContractErrors, type OwnApiDocument } from '../../src/contract';

/**
 * The tests' contract checker (docs/adr/0024, 0054): official operations against GitBook's schemas, ours against
 * the response schemas their routes declare in the deployment's API document.
 */
const token = {
  type: 'object',
  properties: { id: { type: 'string' }, label: { type: ['string', 'null'] } },
  required: ['id', 'label'],
  additionalProperties: false,
};
const own: OwnApiDocument = {
  paths: {
    '/user/tokens': {
      get: { responses: { '200': { content: { 'application/json': { schema: { type: 'object', properties: { items: { type: 'array', items: token } }, required: ['items'] } } } } } },
      post: { responses: { '2XX': {} } },
    },
    '/admin/users': { post: { responses: { '201': { content: { 'application/json': { schema: { type: 'object', properties: { user: { $ref: '#/components/schemas/User' } }, required: ['user'] } } } } } } },
  },
};

describe('the contract checker', () => {
  it('When the official releases are prepared for the checks, Then each is a valid JSON Schema 2020-12 document (the checks skip that validation)', () => {
    const meta = new Ajv2020({ strict: false });
    for (const release of preparedReleases()) expect({ id: release.$id, valid: meta.validateSchema(release), errors: meta.errors ?? null }).toEqual({ id: release.$id, valid: true, errors: null });
  });

  it('When an official operation answers, Then its body is checked against GitBook’s schema, unknown fields included', () => {
    expect(needsOwnDocument('GET', '/v1/spaces/abc')).toBe(false);
    const errors = responseContractErrors('GET', '/v1/orgs/o1/members?limit=1', 200, { items: [], count: 0, extra: true });
    expect(errors.join()).toMatch(/extra/);
  });

  it('When an operation of ours answers, Then it is checked against the schema its route declares, strictly', () => {
    expect(needsOwnDocument('GET', '/v1/user/tokens')).toBe(true);
    expect(responseContractErrors('GET', '/v1/user/tokens', 200, { items: [{ id: 't1', label: null }] }, own)).toEqual([]);
    expect(responseContractErrors('GET', '/v1/user/tokens?limit=2', 200, { items: [{ id: 't1' }] }, own).join()).toMatch(/label/);
    // A schema left open by its author still refuses unknown fields (unevaluatedProperties), as official ones do.
    expect(responseContractErrors('GET', '/v1/user/tokens', 200, { items: [], secret: 'x' }, own).join()).toMatch(/secret/);
  });

  it('When our schema refers to an official component, Then the body is checked against GitBook’s component', () => {
    expect(responseContractErrors('POST', '/v1/admin/users', 201, { user: { object: 'user' } }, own).join()).toMatch(/required/);
  });

  it('When an operation of ours declares no schema for what it answered, Then the call fails and says where to declare it', () => {
    expect(responseContractErrors('POST', '/v1/user/tokens', 201, { token: {} }, own)).toEqual([expect.stringMatching(/declares no response schema for 201: add it to route\(\{ responses \}\)/)]);
    // An error answer is held to the official error shape instead.
    expect(responseContractErrors('POST', '/v1/user/tokens', 400, { error: { code: 400, message: 'bad' } }, own)).toEqual([]);
    expect(responseContractErrors('POST', '/v1/user/tokens', 400, { message: 'bad' }, own)).not.toEqual([]);
  });

  it('When a path is neither official nor in the API document, Then the call fails', () => {
    expect(responseContractErrors('GET', '/v1/nowhere', 200, {}, own)).toEqual([expect.stringMatching(/no official operation, nor one of ours/)]);
  });

  it('When a path is not an API operation (probes, internal calls), Then its answer is not checked and no document is needed', () => {
    expect(needsOwnDocument('GET', '/internal/users/u1')).toBe(false);
    expect(responseContractErrors('GET', '/health/ready', 200, { anything: 1 })).toEqual([]);
  });
});
