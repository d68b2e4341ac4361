import { newId } from '@dp/db';
import { OpenApiEvents } from '@dp/events';
import { componentOf, type ComponentCaller } from '@dp/testing';
import { PETS_SPEC } from '../../../../test/support/pets-spec';
import { openapiService } from '../../src';

/**
 * The operations of a spec as the sites publisher reads them for `openapi-operation` blocks (docs/adr/0083), on
 * the openapi service's own app: only the sites service may ask, only of the organization it names.
 */
const api = componentOf('oaso', openapiService);

const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };
const sites: ComponentCaller = { service: 'sites' };

async function processRequested(): Promise<void> {
  for (const event of await api.outbox(OpenApiEvents.SPEC_PROCESSING_REQUESTED)) await api.handle(event);
}
const operation = (as: ComponentCaller, org: string, slug: string, query: string) => api.call('GET', `/internal/orgs/${org}/openapi/${slug}/operation?${query}`, { as });

beforeAll(async () => {
  expect((await api.call('POST', `/v1/orgs/${orgId}/openapi`, { as: owner, body: { slug: 'pets', source: { text: PETS_SPEC } } })).status).toBe(201);
  await processRequested();
});

describe('webhooks of a spec for published pages', () => {
  const webhook = (as: ComponentCaller, query: string) => api.call('GET', `/internal/orgs/${orgId}/openapi/pets/webhook?${query}`, { as });

  test('When the sites service asks for a webhook by its method and name, Then it is the webhook s view; an operation s path or another name is not one', async () => {
    const res = await webhook(sites, 'method=post&name=newPet');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      method: 'POST',
      path: 'newPet',
      summary: 'A pet was added',
      requestBody: { required: true, contentType: 'application/json', fields: [{ depth: 0, name: 'petId', type: 'string', required: false, description: 'The new pet' }] },
      responses: [{ status: '200', description: 'Received' }],
    });
    expect((await webhook(sites, 'method=get&name=newPet')).status).toBe(404);
    expect((await webhook(sites, `method=get&name=${encodeURIComponent('/pets/{petId}')}`)).status).toBe(404);
    expect((await webhook(owner, 'method=post&name=newPet')).status).toBe(403);
    expect((await webhook(sites, 'method=post')).status).toBe(400);
  });
});

describe('schemas of a spec for published pages', () => {
  const schemas = (as: ComponentCaller, query: string) => api.call('GET', `/internal/orgs/${orgId}/openapi/pets/schemas?${query}`, { as });

  test('When the sites service asks for schemas by name, Then those the spec has come in the order named; none of them is a 404', async () => {
    const res = await schemas(sites, 'names=Nope,Pet');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      schemas: [{ name: 'Pet', type: 'object', description: 'A pet of the store', fields: expect.arrayContaining([{ depth: 0, name: 'name', type: 'string', required: true }, { depth: 0, name: 'tag', type: 'string', required: false, description: 'How it is filed' }]) }],
    });
    expect((await schemas(sites, 'names=Nope')).status).toBe(404);
    expect((await schemas(owner, 'names=Pet')).status).toBe(403);
    expect((await schemas(sites, `names=${Array.from({ length: 51 }, (_, i) => `S${i}`).join(',')}`)).status).toBe(400);
  });
});

describe('operations of a spec for published pages', () => {
  test('When the sites service asks for an operation of its organization s spec, Then it is the operation of the latest version', async () => {
    const res = await operation(sites, orgId, 'pets', `method=get&path=${encodeURIComponent('/pets/{petId}')}`);
    expect(res.status).toBe(200);
    const spec = await api.call('GET', `/v1/orgs/${orgId}/openapi/pets`, { as: owner });
    expect(res.body).toEqual({
      versionId: spec.body.lastVersion,
      method: 'GET',
      path: '/pets/{petId}',
      summary: 'Read a pet',
      deprecated: false,
      parameters: [{ name: 'petId', in: 'path', type: 'string (uuid)', required: true, description: 'Which pet' }],
      responses: [
        {
          status: '200',
          description: 'The pet',
          contentType: 'application/json',
          type: 'object',
          fields: [
            { depth: 0, name: 'name', type: 'string', required: true, description: 'What it answers to' },
            { depth: 0, name: 'owner', type: 'object', required: false },
            { depth: 1, name: 'email', type: 'string', required: false },
          ],
        },
      ],
    });
  });

  test('When the operation, the spec or the organization is not the one asked, Then it is not found', async () => {
    expect((await operation(sites, orgId, 'pets', 'method=post&path=/pets/{petId}')).status).toBe(404);
    expect((await operation(sites, orgId, 'nope', 'method=get&path=/pets/{petId}')).status).toBe(404);
    // Another organization's site names the same slug: it reads nothing of this one.
    expect((await operation(sites, newId(), 'pets', 'method=get&path=/pets/{petId}')).status).toBe(404);
  });

  test('When anyone but the sites service asks, or asks with a bad query, Then it is refused', async () => {
    expect((await operation(owner, orgId, 'pets', 'method=get&path=/pets/{petId}')).status).toBe(403);
    expect((await operation({ service: 'integrations' }, orgId, 'pets', 'method=get&path=/pets/{petId}')).status).toBe(403);
    // Content's PDF export reads the same views.
    expect((await operation({ service: 'content' }, orgId, 'pets', 'method=get&path=/pets/{petId}')).status).toBe(200);
    expect((await operation(sites, orgId, 'pets', 'method=fetch&path=/pets')).status).toBe(400);
    expect((await operation(sites, orgId, 'pets', 'method=get&path=pets')).status).toBe(400);
    expect((await operation(sites, orgId, 'pets', 'method=get')).status).toBe(400);
  });
});
