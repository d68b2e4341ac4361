import { execFile } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PETS_SPEC } from '../support/pets-spec';
import { installStatusIntegration, statusBlock } from '../support/status-integration';
import { eventually } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

// PDFs printed by Debian's Chromium (as in production, CONTENT_PDF_CHROMIUM) and read back with pdftotext.
process.env.CONTENT_PDF_MAX_PAGES = '5';

jest.setTimeout(90_000);

const repoRoot = path.resolve(__dirname, '../..');
let printed = 0;
let stack: TestStack;
let owner: { token: string };
let orgId: string;
let spaceId: string;
const ids: Record<string, string> = {};

/** A 2x2 red PNG, made here (the export inlines the space's images). */
function png(): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const rows = Buffer.from([0, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0]);
  return Buffer.concat([header, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const author = async (space: string, cr: string, changes: object[]) => {
  const res = await stack.call('POST', `/v1/spaces/${space}/change-requests/${cr}/content?compat=false`, { token: owner.token, body: { changes } });
  expect(res.status).toBe(200);
  return res.body;
};
const newCr = async (space: string, subject: string) => (await stack.call('POST', `/v1/spaces/${space}/change-requests`, { token: owner.token, body: { subject } })).body.id as string;

/** GitBook's blocks, each with text of its own that the PDF must show (docs/adr/0077). */
const BLOCKS = [
  '{% hint style="warning" %}\nMind the gap between the trains.\n{% endhint %}',
  '{% tabs %}\n{% tab title="Mac tab" %}\nBrew the kit.\n{% endtab %}\n\n{% tab title="Windows tab" %}\nRun the installer.\n{% endtab %}\n{% endtabs %}',
  '{% stepper %}\n{% step %}\nFirst unpack.\n{% endstep %}\n{% step %}\nThen assemble.\n{% endstep %}\n{% endstepper %}',
  '<details>\n<summary>Folded question</summary>\n\nThe folded answer.\n\n</details>',
  '{% code title="kit.config.js" %}\n```js\nconfigure();\n```\n{% endcode %}',
  '{% columns %}\n{% column %}\nLeft column text.\n{% endcolumn %}\n{% column %}\nRight column text.\n{% endcolumn %}\n{% endcolumns %}',
  '{% embed url="https://example.com/video" %}',
  '$$\nE = mc^2\n$$',
].join('\n\n');

/** Downloads a PDF URL without a token and returns its text, as pdftotext lays it out (and its images, by pdfimages). */
async function pdfText(url: string, onImages?: (list: string) => void): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-')), 'export.pdf');
  fs.writeFileSync(file, bytes);
  // Kept for a person to look at (test-output is git-ignored).
  fs.mkdirSync(path.join(repoRoot, 'test-output/pdf'), { recursive: true });
  fs.copyFileSync(file, path.join(repoRoot, 'test-output/pdf', `${++printed}.pdf`));
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
  if (onImages) onImages((await promisify(execFile)('pdfimages', ['-list', file])).stdout);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return stdout;
}

beforeAll(async () => {
  stack = await bootStack('cpdf');
  owner = await stack.newUser('printer');
  orgId = (await stack.newOrg(owner.token)).id;
  spaceId = (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title: 'Field Manual' } })).body.id;
  const cr = await newCr(spaceId, 'First pages');
  const first = await author(spaceId, cr, [
    { operation: 'insert_page', ref: 'start', title: 'Getting started', document: { markdown: 'Read this first.' } },
    { operation: 'insert_page', ref: 'install', title: 'Installation', into: 'start', document: { markdown: 'Install the kit with care.' } },
    { operation: 'insert_page', ref: 'reference', title: 'Reference', document: { markdown: `Every option, explained in the reference.\n\n${BLOCKS}` } },
    { operation: 'insert_files', files: [{ name: 'pixel.png', contentType: 'image/png', base64: png().toString('base64') }] },
  ]);
  for (const change of first.changes) if (change.object === 'created_page') ids[change.ref] = change.page.id;
  const file = first.insertedFiles[0].id;
  await author(spaceId, cr, [
    {
      operation: 'update_page',
      page: ids.start,
      document: {
        markdown: [
          'The quick brown fox prints well.',
          '## Checklist',
          '- unpack the box\n- plug it in',
          '| Part | Count |\n| --- | --- |\n| Bolt | 12 |',
          '```js\nconst answer = 42;\n```',
          `![pixel](/files/${file})`,
          `Then go to [installation](/pages/${ids.install}).`,
        ].join('\n\n'),
      },
    },
  ]);
  expect((await stack.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`, { token: owner.token })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe('PDF export of a space', () => {
  test('When a member asks for the space’s PDF, Then its URL serves, without a token, a PDF with a title page and the pages in tree order with their headings, lists, tables and code', async () => {
    const res = await stack.call('GET', `/v1/spaces/${spaceId}/pdf`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: expect.stringMatching(/\/pdf\/[A-Za-z0-9_-]{43}$/) });
    let images = '';
    const text = await pdfText(res.body.url, (list) => (images = list));
    // The space's PNG is in the PDF (inlined, 2x2, 3 colour components), on the first page of the space.
    expect(images.split('\n').filter((line) => /^\s*2\s+\d+\s+image\s+2\s+2\s+\w+\s+3\s/.test(line))).toHaveLength(1);
    const at = (s: string) => {
      const i = text.indexOf(s, text.indexOf('Read this first.') - 40);
      expect({ s, found: i >= 0 }).toEqual({ s, found: true });
      return i;
    };
    expect(text.indexOf('Field Manual')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/Live content/);
    // Reading order: Getting started, its subpage Installation, then Reference.
    expect(at('Getting started')).toBeLessThan(at('Install the kit with care.'));
    expect(at('Install the kit with care.')).toBeLessThan(at('Every option, explained in the reference.'));
    for (const line of ['The quick brown fox prints well.', 'Checklist', 'unpack the box', 'Bolt', '12', 'const answer = 42;']) expect(text).toContain(line);
    // Every block's text, the closed expandable's answer included (paper is printed open).
    for (const line of ['Mind the gap between the trains.', 'Mac tab', 'Brew the kit.', 'Windows tab', 'Run the installer.', 'First unpack.', 'Then assemble.', 'Folded question', 'The folded answer.', 'kit.config.js', 'configure();', 'Left column text.', 'Right column text.', 'https://example.com/video']) {
      expect({ line, found: text.includes(line) }).toEqual({ line, found: true });
    }
    // Steps numbered, columns side by side, the formula typeset (KaTeX's MathML, math italic letters).
    expect(text).toMatch(/1\. First unpack\.\s+2\. Then assemble\./);
    expect(text).toMatch(/Left column text\. +Right column text\./);
    expect(text).toContain('𝐸 = 𝑚𝑐2');
    // A second download is the same PDF, printed once.
    const again = await fetch(res.body.url);
    expect(again.status).toBe(200);
  });

  test('When a page shows an operation of its organization s spec, Then the PDF prints it whole: summary, parameters and response fields (docs/adr/0083)', async () => {
    expect((await stack.call('POST', `/v1/orgs/${orgId}/openapi`, { token: owner.token, body: { slug: 'pets-api', source: { text: PETS_SPEC } } })).status).toBe(201);
    await eventually(async () => (await stack.call('GET', `/v1/orgs/${orgId}/openapi/pets-api`, { token: owner.token })).body.lastVersion !== undefined, 20_000, 100);
    const apiSpace = (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title: 'API manual' } })).body.id;
    const cr = await newCr(apiSpace, 'Reference');
    const block = '{% openapi-operation spec="pets-api" path="/pets/{petId}" method="get" %}\n{% endopenapi-operation %}';
    await author(apiSpace, cr, [{ operation: 'insert_page', title: 'Pets API', document: { markdown: `Read pets like this.\n\n${block}` } }]);
    expect((await stack.call('POST', `/v1/spaces/${apiSpace}/change-requests/${cr}/merge`, { token: owner.token })).status).toBe(200);
    const text = await pdfText((await stack.call('GET', `/v1/spaces/${apiSpace}/pdf`, { token: owner.token })).body.url);
    expect(text).toContain('Read a pet');
    expect(text).toContain('Which pet');
    expect(text).toContain('What it answers to');
  });

  test('When a page holds a block of an integration installed on its space, Then the PDF prints what the integration renders (docs/adr/0094)', async () => {
    const statusSpace = (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title: 'Status manual' } })).body.id;
    const name = `pdf-status-${Date.now().toString(36)}`;
    await installStatusIntegration(stack, owner.token, orgId, statusSpace, name);
    const cr = await newCr(statusSpace, 'Status');
    const document = { object: 'document', data: {}, nodes: [statusBlock(name, 'billing')] };
    await author(statusSpace, cr, [{ operation: 'insert_page', title: 'Status', document: { document } }]);
    expect((await stack.call('POST', `/v1/spaces/${statusSpace}/change-requests/${cr}/merge`, { token: owner.token })).status).toBe(200);
    const text = await pdfText((await stack.call('GET', `/v1/spaces/${statusSpace}/pdf`, { token: owner.token })).body.url);
    expect(text).toContain('Status of billing: operational');
    expect(text).toContain('Status page');
  });

  test('When one page is asked for, Then with its subpages or `only` it, and nothing else; an unknown page is 404', async () => {
    const withSubpages = await pdfText((await stack.call('GET', `/v1/spaces/${spaceId}/pdf?page=${ids.start}`, { token: owner.token })).body.url);
    expect(withSubpages).toContain('Install the kit with care.');
    expect(withSubpages).not.toContain('Every option, explained');
    const only = await pdfText((await stack.call('GET', `/v1/spaces/${spaceId}/pdf?page=${ids.install}&only=true`, { token: owner.token })).body.url);
    expect(only).toContain('Install the kit with care.');
    expect(only).not.toContain('The quick brown fox');
    expect((await stack.call('GET', `/v1/spaces/${spaceId}/pdf?page=nopage`, { token: owner.token })).status).toBe(404);
  });

  test('When a change request’s PDF is asked for, Then it prints the change request’s content, not the live one', async () => {
    const cr = await newCr(spaceId, 'Add a draft');
    await author(spaceId, cr, [
      { operation: 'insert_reusable_content', ref: 'notice', title: 'Notice', document: { markdown: 'Shared notice, printed where included.' } },
      { operation: 'insert_page', title: 'Draft appendix', document: { markdown: 'Only in the draft so far.\n\n{% include "./notice" %}' } },
    ]);
    const res = await stack.call('GET', `/v1/spaces/${spaceId}/change-requests/${cr}/pdf`, { token: owner.token });
    expect(res.status).toBe(200);
    const text = await pdfText(res.body.url);
    expect(text).toContain('Only in the draft so far.');
    // A reusable content it includes is printed in its place (docs/adr/0109).
    expect(text).toContain('Shared notice, printed where included.');
    expect(text).toMatch(/Change request #\d+: Add a draft/);
    expect(await pdfText((await stack.call('GET', `/v1/spaces/${spaceId}/pdf`, { token: owner.token })).body.url)).not.toContain('Only in the draft so far.');
  });

  test('When the URL has expired or never existed, Then it is 404; a stranger cannot ask for one', async () => {
    const { url } = (await stack.call('GET', `/v1/spaces/${spaceId}/pdf`, { token: owner.token })).body;
    await stack.schemaDb('content')('pdf_exports').update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await fetch(url);
    expect(expired.status).toBe(404);
    expect(((await expired.json()) as { error: { message: string } }).error.message).toMatch(/unknown or has expired/);
    expect((await fetch(url.replace(/[A-Za-z0-9_-]{43}$/, 'A'.repeat(43)))).status).toBe(404);
    expect((await fetch(url.replace(/\/pdf\/.*$/, '/pdf/short'))).status).toBe(404);
    const stranger = await stack.newUser('stranger');
    expect((await stack.call('GET', `/v1/spaces/${spaceId}/pdf`, { token: stranger.token })).status).toBe(404);
  });

  test('When a space has more pages than a PDF may hold, Then it is a 400 that says how many', async () => {
    const big = (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title: 'Big' } })).body.id;
    const cr = await newCr(big, 'Many pages');
    await author(big, cr, Array.from({ length: 6 }, (_, i) => ({ operation: 'insert_page', title: `Page ${i}`, document: { markdown: `Body ${i}` } })));
    expect((await stack.call('POST', `/v1/spaces/${big}/change-requests/${cr}/merge`, { token: owner.token })).status).toBe(200);
    const res = await stack.call('GET', `/v1/spaces/${big}/pdf`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/6 pages, more than the 5 a PDF may hold/);
  });
});
