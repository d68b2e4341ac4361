import type { JSONDocument } from '../../support/gitbook-api';

/**
 * One official JSON document per kind of GitBook block (issue 23's corpus), each carrying marker words that
 * must survive every reading of it: JSON, markdown, search, the published page and the PDF. Markers are single
 * words (pdftotext keeps them whole). `shown: false` marks what a reader does not see (a conditional block).
 */
export interface CorpusPage {
  type: string;
  document: JSONDocument;
  markers: string[];
  shown?: boolean;
  /** Words only readers see (the published page and the PDF): what an included reusable content holds. */
  readerMarkers?: string[];
}

type Node = Record<string, unknown>;
const text = (value: string, ...marks: string[]) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }] });
const block = (type: string, nodes: unknown[], data: Node = {}): Node => ({ object: 'block', type, isVoid: false, data, nodes });
const voidBlock = (type: string, data: Node, extra: Node = {}): Node => ({ object: 'block', type, isVoid: true, data, ...extra });
const p = (...nodes: unknown[]) => block('paragraph', nodes);
const fragment = (name: string, nodes: unknown[], withType = false) => ({ object: 'fragment', fragment: name, ...(withType ? { type: name } : {}), nodes });
const code = (syntax: string, lines: string[], data: Node = {}) => block('code', lines.map((line) => block('code-line', [text(line)])), { syntax, ...data });
const doc = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes }) as unknown as JSONDocument;

const table = (view: Node, definition: Node, records: Node, fragments: unknown[]) => voidBlock('table', { view, definition, records }, { fragments });

export const BLOCK_CORPUS: CorpusPage[] = [
  { type: 'paragraph', document: doc(p(text('Plain Corpusparagraph with '), text('Corpusbold', 'bold'), text(' and '), text('Corpuscode', 'code'), text('.'))), markers: ['Corpusparagraph', 'Corpusbold', 'Corpuscode'] },
  {
    type: 'headings',
    document: doc(block('heading-1', [text('Corpusheadone')]), block('heading-2', [text('Corpusheadtwo')]), block('heading-3', [text('Corpusheadthree')])),
    markers: ['Corpusheadone', 'Corpusheadtwo', 'Corpusheadthree'],
  },
  {
    type: 'lists',
    document: doc(
      block('list-unordered', [block('list-item', [p(text('Corpusbullet'))])]),
      block('list-ordered', [block('list-item', [p(text('Corpusnumbered'))])]),
      block('list-tasks', [block('list-item', [p(text('Corpustask'))], { checked: true })]),
    ),
    markers: ['Corpusbullet', 'Corpusnumbered', 'Corpustask'],
  },
  { type: 'blockquote', document: doc(block('blockquote', [p(text('Corpusquote'))])), markers: ['Corpusquote'] },
  {
    type: 'hints',
    document: doc(...['info', 'warning', 'danger', 'success'].map((style) => block('hint', [p(text(`Corpushint${style}`))], { style }))),
    markers: ['Corpushintinfo', 'Corpushintwarning', 'Corpushintdanger', 'Corpushintsuccess'],
  },
  { type: 'code', document: doc(code('javascript', ['const Corpuscodeline = 42;', 'console.log(Corpuscodeline);'], { title: 'Corpuscodetitle.js', lineNumbers: true })), markers: ['Corpuscodeline', 'Corpuscodetitle'] },
  { type: 'math', document: doc(voidBlock('math', { formula: 'E = mc^2' }), p(text('Corpusmath after the formula.'))), markers: ['Corpusmath'] },
  { type: 'divider', document: doc(p(text('Corpusabove')), voidBlock('divider', {}), p(text('Corpusbelow'))), markers: ['Corpusabove', 'Corpusbelow'] },
  {
    type: 'images',
    document: doc({
      object: 'block',
      type: 'images',
      isVoid: false,
      data: {},
      nodes: [
        voidBlock('image', { ref: { kind: 'url', url: 'https://example.com/a.png' }, alt: 'First' }, { fragments: [fragment('caption', [p(text('Corpuscaptionone'))])] }),
        voidBlock('image', { ref: { kind: 'url', url: 'https://example.com/b.png' }, alt: 'Second' }, { fragments: [fragment('caption', [p(text('Corpuscaptiontwo'))])] }),
      ],
    }),
    markers: ['Corpuscaptionone', 'Corpuscaptiontwo'],
  },
  {
    type: 'table',
    document: doc(
      table(
        { type: 'grid', columns: ['name', 'count'], hideHeader: false },
        { name: { id: 'name', title: 'Corpuscolumn', type: 'text', textAlignment: 'left' }, count: { id: 'count', title: 'Count', type: 'number' } },
        { r1: { orderIndex: 'a', values: { name: 'f1', count: 7 } } },
        [fragment('f1', [p(text('Corpuscell'))])],
      ),
    ),
    markers: ['Corpuscolumn', 'Corpuscell'],
  },
  {
    type: 'cards',
    document: doc(
      table(
        { type: 'cards', columns: ['title'], targetDefinition: 'to', cardSize: 'medium' },
        { title: { id: 'title', title: '', type: 'text', textAlignment: 'left' }, to: { id: 'to', title: '', type: 'content-ref' } },
        { r1: { orderIndex: 'a', values: { title: 'f1', to: { ref: { kind: 'url', url: 'https://example.com/' } } } }, r2: { orderIndex: 'b', values: { title: 'f2' } } },
        [fragment('f1', [p(text('Corpuscardone', 'bold'))]), fragment('f2', [p(text('Corpuscardtwo'))])],
      ),
    ),
    markers: ['Corpuscardone', 'Corpuscardtwo'],
  },
  { type: 'embed', document: doc(voidBlock('embed', { url: 'https://example.com/Corpusembed' })), markers: ['Corpusembed'] },
  {
    type: 'tabs',
    document: doc(block('tabs', [block('tabs-item', [p(text('Corpustabone'))], { title: 'First' }), block('tabs-item', [p(text('Corpustabtwo'))], { title: 'Second' })])),
    markers: ['Corpustabone', 'Corpustabtwo'],
  },
  {
    type: 'expandable',
    document: doc(voidBlock('expandable', {}, { fragments: [fragment('expandable-title', [p(text('Corpusexpandtitle'))], true), fragment('expandable-body', [p(text('Corpusexpandbody'))], true)] })),
    markers: ['Corpusexpandtitle', 'Corpusexpandbody'],
  },
  { type: 'stepper', document: doc(block('stepper', [block('stepper-step', [p(text('Corpusstepone'))]), block('stepper-step', [p(text('Corpussteptwo'))])])), markers: ['Corpusstepone', 'Corpussteptwo'] },
  { type: 'columns', document: doc(block('columns', [block('column', [p(text('Corpuscolumnleft'))]), block('column', [p(text('Corpuscolumnright'))])])), markers: ['Corpuscolumnleft', 'Corpuscolumnright'] },
  { type: 'content-ref', document: doc(voidBlock('content-ref', { ref: { kind: 'url', url: 'https://example.com/Corpuscontentref' } })), markers: ['Corpuscontentref'] },
  {
    type: 'openapi-operation',
    document: doc(p(text('Corpusopenapi calls it:')), voidBlock('openapi-operation', { ref: { kind: 'openapi', spec: 'corpus-spec' }, path: '/corpus', method: 'get' })),
    markers: ['Corpusopenapi'],
  },
  { type: 'if', document: doc(p(text('Corpusbeforeif')), block('if', [p(text('Corpusconditional'))], { expression: 'visitor.claims.unsigned.beta === true' })), markers: ['Corpusbeforeif'], shown: true },
  {
    type: 'updates',
    document: doc(block('updates', [block('update', [p(text('Corpusupdate'))], { date: '2026-11-01T00:00:00.000Z' })], { format: 'full' })),
    markers: ['Corpusupdate'],
  },
  { type: 'prompt', document: doc(block('prompt', [code('text', ['Corpusprompt: write a haiku.'])], { description: 'Corpuspromptdescription' })), markers: ['Corpusprompt'] },
];

/** The text a reusable content of the corpus holds, and a page including it (its id known once it is written, docs/adr/0109). */
export const CORPUS_REUSABLE_MARKDOWN = 'Corpusreusable text, written once.';
export const reusableContentPage = (reusableContent: string): CorpusPage => ({
  type: 'reusable-content',
  document: doc(p(text('Corpusbeforeinclude')), voidBlock('reusable-content', { ref: { kind: 'reusable-content', reusableContent } })),
  markers: ['Corpusbeforeinclude'],
  readerMarkers: ['Corpusreusable'],
});
