import type { OperationView, SchemasView } from '@dp/contracts';
import { DomUtils, parseDocument } from 'htmlparser2';
import { MAX_PAGE_OPERATIONS, openapiBlocks } from '../../src/openapi-blocks';
import { renderMarkdown } from '../../src/render';

const keep = () => undefined;
const VIEW: OperationView = {
  versionId: 'v1',
  method: 'GET',
  path: '/pets/{petId}',
  summary: 'Read a *pet*',
  description: 'Reads one pet.',
  deprecated: true,
  parameters: [{ name: 'petId', in: 'path', type: 'string (uuid)', required: true, description: 'The `id`' }],
  requestBody: { required: false, contentType: 'application/json', type: 'Filter', fields: [{ depth: 0, name: 'q', type: 'string', required: false }] },
  responses: [
    {
      status: '200',
      description: 'The pet',
      contentType: 'application/json',
      type: 'Pet',
      fields: [
        { depth: 0, name: 'name', type: 'string', required: true },
        { depth: 0, name: 'owner', type: 'object', required: false },
        { depth: 1, name: 'email', type: 'string', required: false, description: 'Where to write' },
        { depth: 0, name: 'id', type: 'integer', required: true },
      ],
    },
  ],
};
const BLOCK = '{% openapi-operation spec="pets" path="/pets/{petId}" method="get" %}';

describe('OpenAPI operation blocks', () => {
  test('When a page holds operation blocks, in containers too, Then each operation of a spec slug is found once', () => {
    const markdown = `${BLOCK}\n\n{% tabs %}\n{% tab title="A" %}\n${BLOCK}\n{% openapi src="https://x.test/spec.json" path="/a" method="get" %}\n{% endopenapi %}\n{% openapi src="orders" path="/orders" method="POST" %}\n{% endopenapi %}\n{% endtab %}\n{% endtabs %}`;
    expect(openapiBlocks(markdown)).toEqual([
      { spec: 'pets', method: 'get', path: '/pets/{petId}' },
      { spec: 'orders', method: 'post', path: '/orders' },
    ]);
    const many = Array.from({ length: 50 }, (_, i) => `{% openapi-operation spec="pets" path="/p${i}" method="get" %}`).join('\n\n');
    expect(openapiBlocks(many)).toHaveLength(MAX_PAGE_OPERATIONS);
  });

  test('When the page has the operation, Then it shows its signature, summary, parameters, body and responses with nested fields', () => {
    const html = renderMarkdown(BLOCK, keep, { operations: { 'pets GET /pets/{petId}': VIEW } });
    expect(html).toBe(
      '<div class="openapi-operation">\n' +
        '<p class="openapi-signature"><span class="openapi-method openapi-method-get">GET</span> <code>/pets/{petId}</code> <span class="openapi-deprecated">Deprecated</span></p>\n' +
        '<p class="openapi-summary"><strong>Read a <em>pet</em></strong></p>\n' +
        '<p>Reads one pet.</p>\n' +
        '<table class="openapi-parameters"><caption>Parameters</caption><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Description</th></tr></thead><tbody><tr><td><code>petId</code> <span class="openapi-required">required</span></td><td>path</td><td>string (uuid)</td><td>The <code>id</code></td></tr></tbody></table>\n' +
        '<div class="openapi-body"><p><strong>Request body</strong> <code>application/json</code> <span class="openapi-type">Filter</span></p>\n<ul class="openapi-fields"><li><code>q</code> <span class="openapi-type">string</span></li></ul>\n</div>\n' +
        '<div class="openapi-responses"><p><strong>Responses</strong></p>\n<details><summary><code>200</code> The pet</summary>\n<p><code>application/json</code> <span class="openapi-type">Pet</span></p>\n' +
        '<ul class="openapi-fields"><li><code>name</code> <span class="openapi-type">string</span> <span class="openapi-required">required</span></li><li><code>owner</code> <span class="openapi-type">object</span><ul class="openapi-fields"><li><code>email</code> <span class="openapi-type">string</span> Where to write</li></ul></li><li><code>id</code> <span class="openapi-type">integer</span> <span class="openapi-required">required</span></li></ul>\n' +
        '</details>\n</div>\n</div>\n',
    );
  });

  test('When a page holds a webhook block, Then it is found by its name and shown as the spec s webhook, labelled; unknown, its method and name', () => {
    const hook = '{% openapi-webhook spec="pets" name="newPet" method="post" %}';
    expect(openapiBlocks(`${hook}\n\n{% openapi-webhook spec="https://x.test/s.json" name="a" method="post" %}`)).toEqual([{ spec: 'pets', method: 'post', path: 'newPet', kind: 'webhook' }]);
    const view: OperationView = { versionId: 'v1', method: 'POST', path: 'newPet', summary: 'A pet was added', deprecated: false, parameters: [], responses: [] };
    expect(renderMarkdown(hook, keep, { operations: { 'pets WEBHOOK POST newPet': view } })).toBe(
      '<div class="openapi-operation">\n<p class="openapi-signature"><span class="openapi-webhook-label">Webhook</span> <span class="openapi-method openapi-method-post">POST</span> <code>newPet</code></p>\n<p class="openapi-summary"><strong>A pet was added</strong></p>\n</div>\n',
    );
    // An operation of the same method and "path" is not the webhook.
    expect(renderMarkdown(hook, keep, { operations: { 'pets POST newPet': view } })).toBe('<div class="openapi-operation"><p><code>POST newPet</code></p>\n</div>\n');
  });

  test('When a page holds a schemas block, Then the spec s schemas show with their fields; unknown, their names', () => {
    const block = '{% openapi-schemas spec="pets" schemas="Pet, Owner" grouped="false" %}';
    expect(openapiBlocks(block)).toEqual([{ spec: 'pets', method: '', path: 'Pet,Owner', kind: 'schemas' }]);
    const view: SchemasView = { versionId: 'v1', schemas: [{ name: 'Pet', type: 'object', description: 'A *pet*', fields: [{ depth: 0, name: 'name', type: 'string', required: true }] }] };
    expect(renderMarkdown(block, keep, { operations: { 'pets SCHEMAS Pet,Owner': view } })).toBe(
      '<div class="openapi-schemas">\n<details open><summary><code>Pet</code> <span class="openapi-type">object</span></summary>\n<p>A <em>pet</em></p>\n<ul class="openapi-fields"><li><code>name</code> <span class="openapi-type">string</span> <span class="openapi-required">required</span></li></ul>\n</details>\n</div>\n',
    );
    expect(renderMarkdown(block, keep, { operations: {} })).toBe('<div class="openapi-schemas">\n<p>Pet, Owner</p>\n</div>\n');
  });

  test('When the page lacks the operation, Then the block shows its method and path', () => {
    expect(renderMarkdown(BLOCK, keep, { operations: {} })).toBe('<div class="openapi-operation"><p><code>GET /pets/{petId}</code></p>\n</div>\n');
  });

  test("When a spec's texts and names are hostile, Then nothing of them runs", () => {
    const hostile: OperationView = {
      ...VIEW,
      method: 'GET" onclick="x',
      summary: '<img src=x onerror=alert(1)>',
      description: '[x](javascript:alert(2)) <script>alert(3)</script>',
      parameters: [{ name: '<b onmouseover=alert(4)>', in: 'query', type: '"><script>', required: false, description: '<iframe src="https://evil.test">' }],
    };
    const html = renderMarkdown(BLOCK, keep, { operations: { 'pets GET /pets/{petId}': hostile }, embedFrames: true });
    const elements = DomUtils.findAll(() => true, parseDocument(html).children);
    expect(elements.filter((e) => ['script', 'iframe', 'img'].includes(e.name)).map((e) => e.name)).toEqual(['img']);
    expect(elements.flatMap((e) => Object.keys(e.attribs)).filter((name) => name.startsWith('on'))).toEqual([]);
    expect(elements.flatMap((e) => [e.attribs.href, e.attribs.src]).filter((url) => url && !/^(x|https:)/.test(url))).toEqual([]);
    expect(html).toContain('<span class="openapi-method">GET" onclick="x</span>');
  });
});
