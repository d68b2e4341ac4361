import { componentOf, expectOfficialSchema } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures } from './fixtures';

/** Authoring change requests with GitBook JSON documents as page content: kept as written, with their markdown (docs/adr/0072). */
const api = contentFixtures(componentOf('jsd', contentService));

const newChangeRequest = async () => {
  const space = (await api.call('POST', `/v1/orgs/${api.orgId}/spaces`, { title: 'Docs' })).body;
  const cr = (await api.call('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'JSON' })).body;
  return { space, cr };
};

const t = (text: string, ...marks: string[]) => ({ object: 'text', leaves: [{ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) }] });
const block = (type: string, nodes: object[], data: object = {}) => ({ object: 'block', type, data, nodes });
const p = (...nodes: object[]) => block('paragraph', nodes);
const guide = {
  object: 'document',
  data: {},
  nodes: [
    block('heading-1', [t('Guide')]),
    p(t('Read the '), { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://example.com' } }, nodes: [t('docs', 'bold')] }, t(' first; 2 * 3 is *six*.')),
    block('list-unordered', [block('list-item', [p(t('one'))]), block('list-item', [p(t('two'))])]),
    block('code', [block('code-line', [t('npm test')])], { syntax: 'sh' }),
    block('hint', [p(t('Careful.'))], { style: 'warning' }),
  ],
};
const guideMarkdown =
  '# Guide\n\nRead the **[docs](https://example.com)** first; 2 * 3 is \\*six\\*.\n\n- one\n- two\n\n```sh\nnpm test\n```\n\n{% hint style="warning" %}\nCareful.\n{% endhint %}';

describe('JSON documents as page content', () => {
  test('When a page is inserted with a JSON document, Then it reads back as the converted markdown and as format=document, and that document sent back changes nothing', async () => {
    const { space, cr } = await newChangeRequest();
    const inserted = await api.author(space.id, cr.id, [{ operation: 'insert_page', title: 'Guide', document: { document: guide } }]);
    expect(inserted.status).toBe(200);
    const pageId = inserted.body.changes[0].page.id as string;

    const markdown = await api.pageIn(space.id, cr.id, pageId, 'markdown');
    expect(markdown.status).toBe(200);
    expectOfficialSchema('RevisionPage', markdown.body);
    expect(markdown.body).toMatchObject({ title: 'Guide', markdown: guideMarkdown });

    const document = await api.pageIn(space.id, cr.id, pageId, 'document');
    expect(document.status).toBe(200);
    expectOfficialSchema('RevisionPage', document.body);
    expectOfficialSchema('JSONDocument', document.body.document);
    expect(document.body.document.nodes.slice(0, 3).map((n: { type: string }) => n.type)).toEqual(['heading-1', 'paragraph', expect.stringMatching(/^list-/)]);

    const revision = (await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision;
    const sentBack = await api.author(space.id, cr.id, [{ operation: 'update_page', page: pageId, document: { document: document.body.document } }]);
    expect(sentBack.status).toBe(200);
    expect((await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision).not.toBe(revision);
    expect((await api.pageIn(space.id, cr.id, pageId, 'markdown')).body.markdown).toBe(guideMarkdown);
  });

  test('When a page is inserted with tabs, an expandable and an embed (official blocks), Then it is stored and reads back as GitBook markdown', async () => {
    const { space, cr } = await newChangeRequest();
    const fragment = (name: string, ...nodes: object[]) => ({ object: 'fragment', fragment: name, type: name, nodes });
    const document = {
      object: 'document',
      data: {},
      nodes: [
        block('tabs', [block('tabs-item', [p(t('Run the installer.'))], { title: 'Windows' }), block('tabs-item', [p(t('brew install kit'))], { title: 'Mac' })]),
        { object: 'block', type: 'expandable', isVoid: true, data: {}, fragments: [fragment('expandable-title', p(t('Why?'))), fragment('expandable-body', p(t('Because.')))] },
        { object: 'block', type: 'embed', isVoid: true, data: { url: 'https://example.com/video' } },
      ],
    };
    expectOfficialSchema('JSONDocument', document);
    const inserted = await api.author(space.id, cr.id, [{ operation: 'insert_page', title: 'Install', document: { document } }]);
    expect(inserted.status).toBe(200);
    const markdown = await api.pageIn(space.id, cr.id, inserted.body.changes[0].page.id, 'markdown');
    expect(markdown.body.markdown).toBe(
      '{% tabs %}\n{% tab title="Windows" %}\nRun the installer.\n{% endtab %}\n\n{% tab title="Mac" %}\nbrew install kit\n{% endtab %}\n{% endtabs %}\n\n' +
        '<details>\n\n<summary>Why?</summary>\n\nBecause.\n\n</details>\n\n{% embed url="https://example.com/video" %}',
    );
    const read = await api.pageIn(space.id, cr.id, inserted.body.changes[0].page.id, 'document');
    expectOfficialSchema('JSONDocument', read.body.document);
    expect(read.body.document).toEqual(document);
  });

  test('When a page written as a JSON document is merged, Then the space serves that document as written; once its content is sent as markdown, its document is made of that markdown', async () => {
    const { space, cr } = await newChangeRequest();
    const document = {
      object: 'document',
      data: { schemaVersion: 1 },
      nodes: [
        block('heading-2', [t('Install')], { id: 'install' }),
        block('code', [block('code-line', [t('npm ci')]), block('code-line', [t('npm start')])], { syntax: 'sh', title: 'Terminal', lineNumbers: true, overflow: 'wrap' }),
        block('hint', [p(t('Needs Node 20.'))], { style: 'info' }),
        block('list-tasks', [block('list-item', [p(t('Clone'))], { checked: true }), block('list-item', [p(t('Start'))], { checked: false })]),
      ],
    };
    expectOfficialSchema('JSONDocument', document);
    const inserted = await api.author(space.id, cr.id, [{ operation: 'insert_page', title: 'Setup', document: { document } }]);
    expect(inserted.status).toBe(200);
    const pageId = inserted.body.changes[0].page.id as string;
    expect((await api.call('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`)).status).toBe(200);

    const onMain = await api.call('GET', `/v1/spaces/${space.id}/content/page/${pageId}?format=document`);
    expect(onMain.status).toBe(200);
    expectOfficialSchema('RevisionPage', onMain.body);
    expect(onMain.body.document).toEqual(document);
    const markdown = await api.call('GET', `/v1/spaces/${space.id}/content/page/${pageId}?format=markdown`);
    expect(markdown.body.markdown).toContain('{% code title="Terminal" overflow="wrap" lineNumbers="true" %}');

    const next = (await api.call('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'As markdown' })).body;
    expect((await api.author(space.id, next.id, [{ operation: 'update_page', page: pageId, document: { markdown: '## Install\n\nRun it.' } }])).status).toBe(200);
    const derived = await api.pageIn(space.id, next.id, pageId, 'document');
    expectOfficialSchema('JSONDocument', derived.body.document);
    expect(derived.body.document.nodes.map((n: { type: string }) => n.type)).toEqual(['heading-2', 'paragraph']);
    expect((await api.call('GET', `/v1/spaces/${space.id}/content/page/${pageId}?format=document`)).body.document).toEqual(document);
  });

  test('When a JSON document holds what GitBook markdown has no form for (a drawing, a mention, an icon\'s color), Then it is stored and read back as written, and its markdown keeps each such block in the documented {% json %} form with its text', async () => {
    const { space, cr } = await newChangeRequest();
    const mention = { object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'user', user: 'u1' } } };
    const icon = { object: 'inline', type: 'icon', isVoid: true, data: { icon: 'rocket', color: 'red' } };
    const drawing = { object: 'block', type: 'drawing', isVoid: true, data: {} };
    const document = { object: 'document', data: {}, nodes: [p(t('Plain text.')), p(t('Ask '), mention, t(' about it '), icon), drawing] };
    expectOfficialSchema('JSONDocument', document);
    const inserted = await api.author(space.id, cr.id, [{ operation: 'insert_page', title: 'Kept', document: { document } }]);
    expect(inserted.status).toBe(200);
    const pageId = inserted.body.changes[0].page.id as string;
    expect((await api.pageIn(space.id, cr.id, pageId, 'document')).body.document).toEqual(document);
    const markdown = (await api.pageIn(space.id, cr.id, pageId, 'markdown')).body.markdown as string;
    const kept = [...markdown.matchAll(/\{% json block="([A-Za-z0-9_-]+)" %\}/g)].map((m) => JSON.parse(Buffer.from(m[1], 'base64url').toString()));
    expect(kept).toEqual([document.nodes[1], drawing]);
    expect(markdown).toMatch(/^Plain text\.\n\n\{% json block="[^"]+" %\}\nAsk {2}about it \n\{% endjson %\}\n\n\{% json block="[^"]+" %\}\n\{% endjson %\}$/);
  });

  test('When a JSON document is invalid, Then the batch is refused with 400 naming the change and the block, and nothing is written', async () => {
    const { space, cr } = await newChangeRequest();
    const before = (await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision;
    // Not an official document: refused by the official schema, naming where.
    const unofficial = await api.author(space.id, cr.id, [
      { operation: 'insert_page', title: 'Fine', document: { document: guide } },
      { operation: 'insert_page', title: 'Reused', document: { document: { object: 'document', data: {}, nodes: [p(t('ok')), { object: 'block', type: 'reusable-content', isVoid: true, data: {} }] } } },
    ]);
    expect(unofficial.status).toBe(400);
    expect(unofficial.body.error.message).toMatch(/^body\.changes\[1\] \(insert_page\): document\.document\.nodes\.1\.type must be one of: paragraph, .*, columns, updates$/);
    for (const document of [
      { document: { object: 'document', data: {} } },
      { document: { object: 'value', data: {}, nodes: [] } },
      { document: { object: 'document', data: {}, nodes: [p({ object: 'text', leaves: [{ object: 'leaf', marks: [] }] })] } },
      { markdown: 'both', document: guide },
    ]) {
      const res = await api.author(space.id, cr.id, [{ operation: 'insert_page', title: 'Bad', document }]);
      expect(res.status).toBe(400);
    }
    expect((await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision).toBe(before);
    expect((await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`)).body.pages).toEqual([]);
  });
});
