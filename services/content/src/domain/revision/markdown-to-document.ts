import { HINT_STYLES, type DocNode } from './document-nodes';
import { childTags, splitTags, type Segment, type TagSegment as Tag } from '@dp/markdown-html';
import { decodeKeptBlock } from './kept-block';
import { refFromLinkTarget } from './link-refs';
import { block, blocksFromMarkdown, voidBlock, type KeyAt } from './markdown-blocks-to-document';
import { textNode } from './markdown-inline-to-document';
import { parseFrontmatter } from './markdown';

/**
 * A page in GitBook's markdown as a GitBook JSON document: the way back of document-to-markdown.ts
 * (docs/adr/0074). The block tags become their blocks (hint, tabs, stepper, columns, `<details>` as an
 * expandable, content-ref, embed, file, code with its options, the OpenAPI blocks, includes of reusable contents,
 * and our `{% json %}` form
 * when `isOfficial` accepts the block it holds), the rest is read by markdown-it (markdown-blocks-to-document.ts).
 * Pure; front matter is not part of the document. `keys`, given the body: the key of the block on each of its
 * lines, put on the top-level blocks and the list items that start there (`revert_page`'s names, blocks.ts).
 */
export function documentFromGitbookMarkdown(markdown: string, isOfficial: (block: unknown) => boolean, keys?: (body: string) => KeyAt): DocNode {
  const body = parseFrontmatter(markdown).body;
  const nodes = blocksOf(splitTags(body), isOfficial, keys?.(body));
  return { object: 'document', data: {}, nodes };
}

/** The blocks of `segments`; `keyAt`, for the page's top level only: the key of the block on each line (blocks.ts). */
function blocksOf(segments: Segment[], isOfficial: (block: unknown) => boolean, keyAt?: KeyAt): DocNode[] {
  if (keyAt) {
    return segments.flatMap((segment) => {
      if (segment.kind === 'markdown') return blocksFromMarkdown(segment.text, (line) => keyAt(segment.line + line));
      const key = keyAt(segment.line);
      return blocksOf([segment], isOfficial).map((node, i) => (key && i === 0 ? { ...node, key } : node));
    });
  }
  return segments.flatMap((segment): DocNode[] => {
    if (segment.kind === 'markdown') return blocksFromMarkdown(segment.text);
    if (segment.kind === 'math') return [voidBlock('math', { formula: segment.formula })];
    if (segment.kind === 'details') {
      return [
        {
          object: 'block',
          type: 'expandable',
          isVoid: true,
          data: segment.open ? { defaultExpanded: true } : {},
          fragments: [
            { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [titleParagraph(segment.summary)] },
            { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: blocksOf(segment.body, isOfficial) },
          ],
        },
      ];
    }
    return tagBlocks(segment, isOfficial);
  });
}

/** The summary's inline markdown as the one paragraph of an expandable's title. */
function titleParagraph(summary: string): DocNode {
  const [first] = blocksFromMarkdown(summary);
  return first?.type === 'paragraph' ? first : block('paragraph', [textNode(summary)]);
}

/** The items of a container: its tags named `item`, each with its blocks; whatever else is inside is dropped as layout. */
function itemsOf(tag: Tag, item: string, type: string, isOfficial: (block: unknown) => boolean, data: (child: Tag) => DocNode = () => ({})): DocNode[] {
  return childTags(tag, item).map((child) => block(type, blocksOf(child.body ?? [], isOfficial), data(child)));
}

/** The text of a tag's body, as written (its markdown, without the tags inside). */
const bodyText = (tag: Tag) => (tag.body ?? []).flatMap((s) => (s.kind === 'markdown' ? [s.text.trim()] : [])).join('\n');

function tagBlocks(tag: Tag, isOfficial: (block: unknown) => boolean): DocNode[] {
  const a = tag.attributes;
  const body = () => blocksOf(tag.body ?? [], isOfficial);
  const spec = { kind: 'openapi', spec: a.spec ?? '' };
  switch (tag.name) {
    case 'hint':
      return [block('hint', body(), { style: HINT_STYLES.has(a.style) ? a.style : 'info' })];
    case 'tabs':
      return [block('tabs', itemsOf(tag, 'tab', 'tabs-item', isOfficial, (tab) => ({ title: tab.attributes.title ?? '' })))];
    case 'stepper':
      return [block('stepper', itemsOf(tag, 'step', 'stepper-step', isOfficial))];
    case 'columns':
      return [block('columns', itemsOf(tag, 'column', 'column', isOfficial))];
    case 'code': {
      const options: DocNode = {
        ...(a.title ? { title: a.title } : {}),
        ...(a.overflow === 'wrap' ? { overflow: 'wrap' } : {}),
        ...(a.lineNumbers === 'true' ? { lineNumbers: true } : {}),
      };
      // The fenced code inside takes the options; anything else inside stays as it is.
      return body().map((node) => (node.type === 'code' ? { ...node, data: { ...(node.data as DocNode), ...options } } : node));
    }
    case 'content-ref':
      return a.url ? [voidBlock('content-ref', { ref: refFromLinkTarget(a.url) })] : body();
    case 'embed':
      return a.url ? [voidBlock('embed', { url: a.url })] : body();
    case 'include': {
      // An include of anything but a reusable content (a repository path left unresolved) stays text, as written.
      const ref = refFromLinkTarget(a.src ?? '');
      return ref.kind === 'reusable-content' ? [voidBlock('reusable-content', { ref })] : [block('paragraph', [textNode(`{% include "${a.src ?? ''}" %}`)])];
    }
    case 'file': {
      const ref = refFromLinkTarget(a.src ?? '');
      return ref.kind === 'file' ? [voidBlock('file', { ref })] : body();
    }
    case 'openapi-operation':
      return [voidBlock('openapi-operation', { ref: spec, path: a.path ?? '', method: a.method ?? '' })];
    case 'openapi-schemas': {
      const schemas = (a.schemas ?? '').split(',').filter(Boolean);
      const title = bodyText(tag);
      const generated = `The ${schemas.join(', ')} object${schemas.length > 1 ? 's' : ''}`;
      return [voidBlock('openapi-schemas', { ref: spec, schemas, grouped: a.grouped !== 'false', ...(title && title !== generated ? { title } : {}) })];
    }
    case 'openapi-webhook':
      return [voidBlock('openapi-webhook', { ref: spec, name: a.name ?? '', method: a.method ?? '' })];
    case 'openapi':
      return [voidBlock('swagger', { ref: refFromLinkTarget(a.src ?? ''), path: a.path ?? '', method: a.method ?? '' })];
    case 'json': {
      const kept = a.block ? decodeKeptBlock(a.block, isOfficial) : undefined;
      return kept ? [kept] : body();
    }
    default:
      return body();
  }
}

