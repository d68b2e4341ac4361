import { newId } from '@dp/db';
import { isCatalogEvent, SitesEvents, type CatalogEvent } from '@dp/events';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { conditionProblem } from '../../src/domain/conditions';
import { isAdaptiveSchema } from '../../src/domain/adaptive-schema-rules';
import { sitesService } from '../../src';

/**
 * The adaptive schema of a site and its template conditions on the sites app (component level, docs/testing.md;
 * issue 10, docs/adr/0039): callers are signed assertions with their roles, events are read from the outbox.
 */
const api = componentOf('sad', sitesService);
const db = api.db;

const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };
const reader: ComponentCaller = { user: newId(), roles: { [orgId]: 'read' } };
const creator: ComponentCaller = { user: newId(), roles: { [orgId]: 'create' } };
const outsider: ComponentCaller = { user: newId(), roles: { [newId()]: 'admin' } };

const siteUrl = (siteId: string) => `/v1/orgs/${orgId}/sites/${siteId}`;
const schemaUrl = (siteId: string) => `${siteUrl(siteId)}/adaptive-schema`;
const templatesUrl = (siteId: string) => `${schemaUrl(siteId)}/template-conditions`;

const newSite = async () => {
  const res = await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title: 'Adaptive docs' } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

/** The schema of the interface's example, keys deliberately not in alphabetical order. */
const visitorSchema = () => ({
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    isBetaUser: { type: 'boolean', description: 'Whether the visitor is a Beta user.' },
    isAdmin: { type: 'boolean', description: 'Whether the visitor administers their account.' },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: {
        language: { type: 'string', description: 'The language of the visitor.' },
        plan: { type: 'string', enum: ['pro', 'free'], description: 'The plan of the visitor.' },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
});

/** What a site that never set a schema answers: no claims, an empty `unsigned` object. */
const defaultSchema = {
  type: 'object',
  properties: { unsigned: { type: 'object', description: 'Unsigned claims of the site visitor.', properties: {}, additionalProperties: false } },
  additionalProperties: false,
};

describe('GET/PUT SITE/adaptive-schema on the sites app', () => {
  test('When no schema was set, Then GET is the default schema every site has (as GitBook answers it) and the template conditions are an empty list', async () => {
    const siteId = await newSite();
    const res = await api.call('GET', schemaUrl(siteId), { as: owner });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'site-adaptive-schema', jsonSchema: defaultSchema, updatedAt: expect.any(String) });
    expectOfficialSchema('SiteAdaptiveSchema', res.body);
    const templates = await api.call('GET', templatesUrl(siteId), { as: owner });
    expect(templates.status).toBe(200);
    expect(templates.body).toEqual({ items: [] });
  });

  test('When a creator sets the schema, Then it is stored as sent, read back the same, announced, and replaced by the next PUT', async () => {
    const siteId = await newSite();
    const sent = visitorSchema();
    const put = await api.call('PUT', schemaUrl(siteId), { as: creator, body: { jsonSchema: sent } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ object: 'site-adaptive-schema', jsonSchema: sent, updatedAt: expect.any(String) });
    expectOfficialSchema('SiteAdaptiveSchema', put.body);
    // Kept as sent, claims in the client's order.
    expect(Object.keys(put.body.jsonSchema.properties)).toEqual(['isBetaUser', 'isAdmin', 'unsigned']);

    const read = await api.call('GET', schemaUrl(siteId), { as: reader });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(put.body);

    const updated = (await api.outbox(SitesEvents.SITE_UPDATED)).filter((e): e is CatalogEvent<typeof SitesEvents.SITE_UPDATED> => isCatalogEvent(e, SitesEvents.SITE_UPDATED) && e.subject === siteId);
    expect(updated.map((e) => e.data.changed)).toEqual([['adaptiveSchema']]);

    const smaller = { type: 'object', properties: { isBetaUser: { type: 'boolean', description: 'Beta.' } }, additionalProperties: false };
    const replaced = await api.call('PUT', schemaUrl(siteId), { as: owner, body: { jsonSchema: smaller } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.jsonSchema).toEqual(smaller);
    expect(Date.parse(replaced.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(put.body.updatedAt));
    expect((await api.call('GET', schemaUrl(siteId), { as: owner })).body).toEqual(replaced.body);
  });

  test('When the schema has claims, Then the template conditions are one per claim, described like it, each a valid condition of the site', async () => {
    const siteId = await newSite();
    expect((await api.call('PUT', schemaUrl(siteId), { as: owner, body: { jsonSchema: visitorSchema() } })).status).toBe(200);
    const res = await api.call('GET', templatesUrl(siteId), { as: reader });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        { description: 'Whether the visitor is a Beta user.', condition: 'visitor.claims.isBetaUser == true' },
        { description: 'Whether the visitor administers their account.', condition: 'visitor.claims.isAdmin == true' },
        { description: 'The language of the visitor.', condition: 'visitor.claims.unsigned.language != null' },
        { description: 'The plan of the visitor.', condition: 'visitor.claims.unsigned.plan == "pro"' },
      ],
    });
    const stored = (await api.call('GET', schemaUrl(siteId), { as: owner })).body.jsonSchema;
    if (!isAdaptiveSchema(stored)) throw new Error('the stored schema must follow the rules');
    for (const item of res.body.items) expect(conditionProblem(item.condition, stored)).toBeUndefined();
  });

  const rulesBroken: Array<[string, (s: ReturnType<typeof visitorSchema>) => unknown, RegExp]> = [
    ['type is not object', (s) => ({ ...s, type: 'array' }), /body\.jsonSchema\.type must be "object" \(rule: "type" is "object"/],
    ['additionalProperties is not false', (s) => ({ ...s, additionalProperties: true }), /body\.jsonSchema\.additionalProperties must be false \(rule: "additionalProperties" is false/],
    ['additionalProperties is missing', ({ additionalProperties: _, ...s }) => s, /body\.jsonSchema\.additionalProperties is required/],
    ['properties is missing', ({ properties: _, ...s }) => s, /body\.jsonSchema\.properties is required/],
    ['another keyword', (s) => ({ ...s, required: ['isBetaUser'] }), /body\.jsonSchema\.required is not allowed \(rule: the adaptive schema has "type", "properties" and "additionalProperties"/],
    ['a $schema other than draft-07', (s) => ({ ...s, $schema: 'https://json-schema.org/draft/2020-12/schema' }), /body\.jsonSchema\.\$schema must be "http:\/\/json-schema\.org\/draft-07\/schema#" \(rule: "\$schema", when present/],
    ['a signed claim that is not a boolean', (s) => ({ ...s, properties: { ...s.properties, plan: { type: 'string', description: 'Plan.' } } }), /body\.jsonSchema\.properties\.plan\.type must be "boolean" \(rule: every property other than "unsigned" is a signed claim/],
    ['a claim without a description', (s) => ({ ...s, properties: { ...s.properties, isBetaUser: { type: 'boolean' } } }), /body\.jsonSchema\.properties\.isBetaUser\.description is required \(rule: every property other than "unsigned"/],
    ['a claim with an empty description', (s) => ({ ...s, properties: { ...s.properties, isBetaUser: { type: 'boolean', description: '' } } }), /body\.jsonSchema\.properties\.isBetaUser\.description must NOT have fewer than 1 characters/],
    ['a claim with another keyword', (s) => ({ ...s, properties: { ...s.properties, isBetaUser: { type: 'boolean', description: 'Beta.', default: false } } }), /body\.jsonSchema\.properties\.isBetaUser\.default is not allowed/],
    ['unsigned that is not an object', (s) => ({ ...s, properties: { ...s.properties, unsigned: { ...s.properties.unsigned, type: 'boolean' } } }), /body\.jsonSchema\.properties\.unsigned\.type must be "object" \(rule: "unsigned", when present, is/],
    ['unsigned described otherwise', (s) => ({ ...s, properties: { ...s.properties, unsigned: { ...s.properties.unsigned, description: 'Cookie claims.' } } }), /body\.jsonSchema\.properties\.unsigned\.description must be "Unsigned claims of the site visitor\."/],
    ['unsigned left open', (s) => ({ ...s, properties: { ...s.properties, unsigned: { ...s.properties.unsigned, additionalProperties: true } } }), /body\.jsonSchema\.properties\.unsigned\.additionalProperties must be false/],
    [
      'an unsigned claim of an unknown type',
      (s) => ({ ...s, properties: { ...s.properties, unsigned: { ...s.properties.unsigned, properties: { tags: { type: 'array', description: 'Tags.' } } } } }),
      /body\.jsonSchema\.properties\.unsigned\.properties\.tags\.type must be one of \["boolean","number","string"\] \(rule: every unsigned claim is/,
    ],
    ['an empty claim name', (s) => ({ ...s, properties: { ...s.properties, '': { type: 'boolean', description: 'Nameless.' } } }), /body\.jsonSchema\.properties has a claim named "".*\(rule: claim names are 1 to 64 characters\)/],
    ['not an object at all', () => 'isBetaUser', /body\.jsonSchema must be object/],
  ];

  test.each(rulesBroken)('When the schema breaks a rule (%s), Then it is a 400 naming the property and the rule, and the stored schema is unchanged', async (_rule, breakIt, message) => {
    const siteId = await newSite();
    const before = await api.call('PUT', schemaUrl(siteId), { as: owner, body: { jsonSchema: visitorSchema() } });
    expect(before.status).toBe(200);
    const res = await api.call('PUT', schemaUrl(siteId), { as: owner, body: { jsonSchema: breakIt(visitorSchema()) } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.stringMatching(message) } });
    expect((await api.call('GET', schemaUrl(siteId), { as: owner })).body).toEqual(before.body);
  });

  test.each([
    ['no jsonSchema', {}, /body\.jsonSchema is required/],
    ['another field', { jsonSchema: visitorSchema(), extra: true }, /body\.extra is not allowed/],
  ])('When the body has %s, Then it is a 400 and nothing is stored', async (_label, body, message) => {
    const siteId = await newSite();
    const res = await api.call('PUT', schemaUrl(siteId), { as: owner, body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await api.call('GET', schemaUrl(siteId), { as: owner })).body.jsonSchema).toEqual(defaultSchema);
  });

  test('When a read member or another organization tries, Then reading is for members, writing for create/admin, and other organizations get 404', async () => {
    const siteId = await newSite();
    const byReader = await api.call('PUT', schemaUrl(siteId), { as: reader, body: { jsonSchema: visitorSchema() } });
    expect(byReader.status).toBe(403);
    expect((await api.call('GET', schemaUrl(siteId), { as: owner })).body.jsonSchema).toEqual(defaultSchema);

    expect((await api.call('PUT', schemaUrl(siteId), { as: owner, body: { jsonSchema: visitorSchema() } })).status).toBe(200);
    expect((await api.call('GET', schemaUrl(siteId), { as: reader })).status).toBe(200);
    expect((await api.call('GET', templatesUrl(siteId), { as: reader })).status).toBe(200);

    for (const [method, url] of [['GET', schemaUrl(siteId)], ['GET', templatesUrl(siteId)], ['PUT', schemaUrl(siteId)]] as const) {
      const res = await api.call(method, url, { as: outsider, ...(method === 'PUT' ? { body: { jsonSchema: visitorSchema() } } : {}) });
      expect(res.status).toBe(404);
    }
    expect((await api.call('GET', schemaUrl('unknownsite'), { as: owner })).status).toBe(404);
    expect((await api.call('PUT', schemaUrl('unknownsite'), { as: owner, body: { jsonSchema: visitorSchema() } })).status).toBe(404);
    expect((await api.call('GET', schemaUrl(siteId), { as: owner })).body.jsonSchema).toEqual(visitorSchema());
  });

  test('When the site is deleted, Then its schema goes with it', async () => {
    const siteId = await newSite();
    expect((await api.call('PUT', schemaUrl(siteId), { as: owner, body: { jsonSchema: visitorSchema() } })).status).toBe(200);
    expect((await api.call('DELETE', siteUrl(siteId), { as: owner })).status).toBe(205);
    expect((await api.call('GET', schemaUrl(siteId), { as: owner })).status).toBe(404);
    expect(await db('site_adaptive_schemas').where({ site_id: siteId })).toEqual([]);
  });
});
