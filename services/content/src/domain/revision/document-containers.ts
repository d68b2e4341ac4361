import { inlineToMarkdown, linkTarget } from './document-inline';
import { asNode, childrenOf, dataOf, fail, noMarkdownForm, typeOf, type DocNode } from './document-nodes';

/**
 * The container and reference blocks of a GitBook JSON document in GitBook's own markdown, as its git sync
 * writes them (docs/adr/0070): `{% tabs %}`, `<details>` for an expandable, `{% stepper %}`, `{% columns %}`,
 * `{% content-ref %}`, `{% embed %}` and the OpenAPI blocks (`{% openapi-operation %}`, `{% openapi-schemas %}`,
 * `{% openapi-webhook %}`, `{% openapi %}`). Pure. A field GitBook's markdown has no place for is refused, never
 * dropped, naming its path. `blocks` writes a container's child blocks (document-to-markdown.ts).
 */
export type BlocksWriter = (children: Array<{ node: DocNode; path: string }>, depth: number) => string;

/** A tag attribute value: `"` would end the value, `%}` the tag and a line break the line the tag must be on. */
const attribute = (value: string) => value.replace(/"/g, '&quot;').replace(/%\}/g, '%&#125;').replace(/\r?\n|\r/g, '&#10;');

/** Refuses the data fields of `node` that its markdown form cannot carry (an unset or false flag is no field). */
function onlyData(node: DocNode, path: string, carried: string[]): DocNode {
  const data = dataOf(node, path);
  for (const [key, value] of Object.entries(data)) {
    if (carried.includes(key) || value === undefined || value === false || value === '') continue;
    noMarkdownForm(`${path}.data.${key}`, `GitBook markdown has no form for the ${String(node.type)} block's "${key}" yet; send the block without it`);
  }
  return data;
}

/** A `{% name %}` … `{% endname %}` block of `items`, each its own `{% item %}` tag with its blocks inside. */
function tagged(name: string, item: string, items: Array<{ attributes: string; body: string }>): string {
  const inner = items.map(({ attributes, body }) => `{% ${item}${attributes} %}\n${body ? `${body}\n` : ''}{% end${item} %}`).join('\n\n');
  return `{% ${name} %}\n${inner}\n{% end${name} %}`;
}

/** The children of `node`, each checked to be a block of `type`. */
function itemsOf(node: DocNode, path: string, depth: number, type: string) {
  const items = childrenOf(node, path, depth);
  for (const item of items) if (typeOf(item.node, item.path, 'block') !== type) fail(item.path, `a ${String(node.type)} block holds ${type} blocks only`);
  if (items.length === 0) fail(path, `a ${String(node.type)} block needs at least one ${type}`);
  return items;
}

export function tabsToMarkdown(node: DocNode, path: string, depth: number, blocks: BlocksWriter): string {
  onlyData(node, path, []);
  const tabs = itemsOf(node, path, depth, 'tabs-item').map(({ node: tab, path: tabPath }) => {
    const data = onlyData(tab, tabPath, ['title']);
    if (data.title !== undefined && typeof data.title !== 'string') fail(`${tabPath}.data.title`, 'must be a string');
    const title = typeof data.title === 'string' ? data.title : '';
    return { attributes: ` title="${attribute(title)}"`, body: blocks(childrenOf(tab, tabPath, depth + 1), depth + 2) };
  });
  return tagged('tabs', 'tab', tabs);
}

/** A container whose items carry no data: `{% <tag> %}` with a `{% <item> %}` around each child's blocks. */
function plainContainer(node: DocNode, path: string, depth: number, blocks: BlocksWriter, form: { tag: string; item: string; childType: string }): string {
  onlyData(node, path, []);
  const items = itemsOf(node, path, depth, form.childType).map(({ node: child, path: childPath }) => {
    onlyData(child, childPath, []);
    return { attributes: '', body: blocks(childrenOf(child, childPath, depth + 1), depth + 2) };
  });
  return tagged(form.tag, form.item, items);
}

export const stepperToMarkdown = (node: DocNode, path: string, depth: number, blocks: BlocksWriter) =>
  plainContainer(node, path, depth, blocks, { tag: 'stepper', item: 'step', childType: 'stepper-step' });

export const columnsToMarkdown = (node: DocNode, path: string, depth: number, blocks: BlocksWriter) =>
  plainContainer(node, path, depth, blocks, { tag: 'columns', item: 'column', childType: 'column' });

/** `<details>` with its title fragment (one paragraph) as `<summary>` and its body fragment's blocks; `open` when expanded by default. */
export function expandableToMarkdown(node: DocNode, path: string, depth: number, blocks: BlocksWriter): string {
  const data = onlyData(node, path, ['defaultExpanded']);
  const fragments = childrenOf(node, path, depth, 'fragments');
  const fragment = (name: string) => {
    const found = fragments.filter(({ node: f }) => f.fragment === name);
    if (found.length !== 1) fail(`${path}.fragments`, `an expandable needs exactly one "${name}" fragment`);
    return found[0];
  };
  const title = fragment('expandable-title');
  const paragraphs = childrenOf(title.node, title.path, depth + 1);
  if (paragraphs.length !== 1 || typeOf(paragraphs[0].node, paragraphs[0].path, 'block') !== 'paragraph') fail(title.path, 'an expandable title is one paragraph');
  const summary = inlineToMarkdown(childrenOf(paragraphs[0].node, paragraphs[0].path, depth + 2), { blockStart: false }, depth + 2);
  if (summary.includes('\n')) fail(title.path, 'an expandable title is one line');
  const body = fragment('expandable-body');
  const inner = blocks(childrenOf(body.node, body.path, depth + 1), depth + 2);
  return `<details${data.defaultExpanded === true ? ' open' : ''}>\n\n<summary>${summary}</summary>\n\n${inner ? `${inner}\n\n` : ''}</details>`;
}

/** `{% content-ref %}` with the target as its link, which is what GitBook's markdown readers show of it. */
export function contentRefToMarkdown(node: DocNode, path: string): string {
  const data = onlyData(node, path, ['ref']);
  const url = linkTarget(data.ref, `${path}.data.ref`);
  return `{% content-ref url="${attribute(url)}" %}\n[${url}](${url})\n{% endcontent-ref %}`;
}

/** A reusable content where it is included: `{% include "/reusable-contents/<id>" %}`, GitBook's tag (docs/adr/0109). */
export function reusableContentToMarkdown(node: DocNode, path: string): string {
  const data = onlyData(node, path, ['ref']);
  if (asNode(data.ref, `${path}.data.ref`).kind !== 'reusable-content') fail(`${path}.data.ref`, 'a reusable-content block needs a "reusable-content" ref');
  return `{% include "${attribute(linkTarget(data.ref, `${path}.data.ref`))}" %}`;
}

export function embedToMarkdown(node: DocNode, path: string): string {
  const data = onlyData(node, path, ['url']);
  if (typeof data.url !== 'string' || !/^https?:\/\/\S+$/.test(data.url)) noMarkdownForm(`${path}.data.url`, 'an embed needs an http or https URL');
  return `{% embed url="${attribute(data.url)}" %}`;
}

/** The HTTP method an OpenAPI block names, lowercase; `refusal` says what is missing otherwise. */
function methodOf(data: DocNode, path: string, refusal: string): string {
  if (typeof data.method !== 'string' || !/^[a-z]+$/i.test(data.method)) fail(`${path}.data.method`, refusal);
  return data.method.toLowerCase();
}

/** The operation an OpenAPI block points at: a path and an HTTP method. */
function operationOf(data: DocNode, path: string): { path: string; method: string } {
  if (typeof data.path !== 'string' || !data.path.startsWith('/')) fail(`${path}.data.path`, 'an OpenAPI block needs the operation\'s path, starting with /');
  return { path: data.path, method: methodOf(data, path, "an OpenAPI block needs the operation's HTTP method") };
}

/** A block's `data.ref`, an object (its kind checked by the caller), or undefined. */
const refOf = (data: DocNode, path: string): DocNode | undefined => (data.ref === undefined ? undefined : asNode(data.ref, `${path}.data.ref`));

/** The slug of the organization's spec an OpenAPI block refers to (`{kind: 'openapi', spec}`). */
function specOf(node: DocNode, data: DocNode, path: string): string {
  const ref = refOf(data, path);
  if (ref?.kind !== 'openapi' || typeof ref.spec !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(ref.spec)) {
    fail(`${path}.data.ref`, `an ${String(node.type)} block needs an "openapi" ref naming a spec by its slug`);
  }
  return ref.spec;
}

/** An operation of a spec of the organization, as `{% openapi-operation %}`. */
export function openapiOperationToMarkdown(node: DocNode, path: string): string {
  const data = onlyData(node, path, ['ref', 'path', 'method']);
  const spec = specOf(node, data, path);
  const operation = operationOf(data, path);
  return `{% openapi-operation spec="${spec}" path="${attribute(operation.path)}" method="${operation.method}" %}\nOpenAPI ${spec}: ${operation.method.toUpperCase()} ${operation.path}\n{% endopenapi-operation %}`;
}

/** Schemas of a spec, as GitBook writes them: `{% openapi-schemas spec schemas grouped %}` around the block's title. */
export function openapiSchemasToMarkdown(node: DocNode, path: string): string {
  const data = onlyData(node, path, ['ref', 'schemas', 'grouped', 'title']);
  const spec = specOf(node, data, path);
  const names = Array.isArray(data.schemas) ? data.schemas : [];
  if (names.length === 0 || !names.every((name): name is string => typeof name === 'string' && /^[A-Za-z0-9._-]+$/.test(name))) {
    fail(`${path}.data.schemas`, 'an openapi-schemas block names one or more schemas (letters, digits, ".", "_", "-")');
  }
  if (data.title !== undefined && (typeof data.title !== 'string' || data.title.includes('\n'))) fail(`${path}.data.title`, 'must be a string of one line');
  const title = typeof data.title === 'string' && data.title ? data.title : `The ${names.join(', ')} object${names.length > 1 ? 's' : ''}`;
  const grouped = data.grouped === false ? 'false' : 'true';
  return `{% openapi-schemas spec="${spec}" schemas="${names.join(',')}" grouped="${grouped}" %}\n${title}\n{% endopenapi-schemas %}`;
}

/** A webhook of a spec, as `{% openapi-webhook spec name method %}` (the form of the other OpenAPI blocks). */
export function openapiWebhookToMarkdown(node: DocNode, path: string): string {
  const data = onlyData(node, path, ['ref', 'name', 'method']);
  const spec = specOf(node, data, path);
  if (typeof data.name !== 'string' || !/^[^\s"]+$/.test(data.name)) fail(`${path}.data.name`, 'an openapi-webhook block needs the webhook\'s name');
  const method = methodOf(data, path, "an openapi-webhook block needs the webhook's HTTP method");
  return `{% openapi-webhook spec="${spec}" name="${data.name}" method="${method}" %}\nOpenAPI ${spec}: webhook ${data.name} (${method.toUpperCase()})\n{% endopenapi-webhook %}`;
}

/** The older OpenAPI block (type `swagger`): an operation of a spec at a URL or in a file of the space, as `{% openapi %}`. */
export function swaggerToMarkdown(node: DocNode, path: string): string {
  const data = onlyData(node, path, ['ref', 'path', 'method']);
  const ref = refOf(data, path);
  if (ref?.kind !== 'url' && ref?.kind !== 'file') fail(`${path}.data.ref`, 'an OpenAPI block needs a "url" or "file" ref');
  const src = linkTarget(ref, `${path}.data.ref`);
  const operation = operationOf(data, path);
  return `{% openapi src="${attribute(src)}" path="${attribute(operation.path)}" method="${operation.method}" %}\n[${src}](${src})\n{% endopenapi %}`;
}
