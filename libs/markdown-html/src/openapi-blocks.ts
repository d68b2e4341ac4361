import type { OpenapiBlockView, OperationSchemaField, OperationView, SchemasView } from '@dp/contracts';
import type MarkdownItModule from 'markdown-it';
import { escapeHtml } from './fallback';
import { splitTags, type Segment } from './gitbook-tags';

type MarkdownIt = InstanceType<typeof MarkdownItModule>;
type Env = Record<string, unknown>;

/**
 * OpenAPI operation blocks (`{% openapi-operation spec="petstore" path="/pets" method="get" %}`, and GitBook's
 * `{% openapi src="<slug>" %}`) rendered from the organization's processed spec (docs/adr/0083): the publisher
 * finds a page's blocks (`openapiBlocks`), asks the openapi service for their operations, and the renderer
 * shows each with its method, path, summary, description, parameters, request body and responses. Texts are
 * the spec's markdown, rendered and then sanitized with the page.
 */
export interface OpenapiBlockRef {
  spec: string;
  method: string;
  /** The operation's path, the webhook's name, or the schemas' names (comma-separated). */
  path: string;
  /** An `openapi-webhook` block (`path`: the webhook's name, OpenAPI 3.1 `webhooks`), or an `openapi-schemas` one. */
  kind?: 'webhook' | 'schemas';
}

/** At most this many schemas per `openapi-schemas` block. */
export const MAX_BLOCK_SCHEMAS = 50;
export const isOperationView = (view: OpenapiBlockView | undefined): view is OperationView => view !== undefined && 'method' in view;
export const isSchemasView = (view: OpenapiBlockView | undefined): view is SchemasView => view !== undefined && 'schemas' in view;

/** Operations a page may show from its specs; further blocks show their method and path only. */
export const MAX_PAGE_OPERATIONS = 20;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const operationRefKey = (ref: OpenapiBlockRef) => (ref.kind === 'schemas' ? `${ref.spec} SCHEMAS ${ref.path}` : `${ref.spec}${ref.kind === 'webhook' ? ' WEBHOOK' : ''} ${ref.method.toUpperCase()} ${ref.path}`);

/** The operation blocks of a page naming one of the organization's specs, once each, at most MAX_PAGE_OPERATIONS. */
export function openapiBlocks(markdown: string): OpenapiBlockRef[] {
  const found = new Map<string, OpenapiBlockRef>();
  const visit = (segments: Segment[]) => {
    for (const segment of segments) {
      if (found.size >= MAX_PAGE_OPERATIONS) return;
      if (segment.kind === 'details') visit(segment.body);
      if (segment.kind !== 'tag') continue;
      const ref = refOf(segment.name, segment.attributes);
      if (ref) found.set(operationRefKey(ref), ref);
      if (segment.body) visit(segment.body);
    }
  };
  visit(splitTags(markdown));
  return [...found.values()];
}

/** A tag's operation (or webhook): its spec (a slug: a URL `src` is no spec of ours), method and path (or name); undefined otherwise. */
export function refOf(name: string, a: Record<string, string>): OpenapiBlockRef | undefined {
  const spec = a.spec ?? a.src;
  if (!spec || !SLUG.test(spec)) return undefined;
  if (name === 'openapi-webhook') return a.method && a.name ? { spec, method: a.method.toLowerCase(), path: a.name, kind: 'webhook' } : undefined;
  if (name === 'openapi-schemas') {
    const names = (a.schemas ?? '').split(',').map((n) => n.trim()).filter(Boolean).slice(0, MAX_BLOCK_SCHEMAS);
    return names.length ? { spec, method: '', path: names.join(','), kind: 'schemas' } : undefined;
  }
  if (name !== 'openapi' && name !== 'openapi-operation') return undefined;
  if (!a.method || !a.path?.startsWith('/')) return undefined;
  return { spec, method: a.method.toLowerCase(), path: a.path };
}

/** An operation as a reader sees it; `inner`: what the block's tag holds, shown after its description. */
export function operationHtml(view: OperationView, md: MarkdownIt, env: Env, inner: string, webhook = false): string {
  const method = /^[A-Za-z]+$/.test(view.method) ? ` openapi-method-${view.method.toLowerCase()}` : '';
  const parts = [
    `<p class="openapi-signature">${webhook ? '<span class="openapi-webhook-label">Webhook</span> ' : ''}<span class="openapi-method${method}">${escapeHtml(view.method)}</span> <code>${escapeHtml(view.path)}</code>${view.deprecated ? ' <span class="openapi-deprecated">Deprecated</span>' : ''}</p>\n`,
    view.summary ? `<p class="openapi-summary"><strong>${md.renderInline(view.summary, env)}</strong></p>\n` : '',
    view.description ? md.render(view.description, env) : '',
    inner,
    view.parameters.length
      ? `<table class="openapi-parameters"><caption>Parameters</caption><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Description</th></tr></thead><tbody>${view.parameters
          .map((p) => `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <span class="openapi-required">required</span>' : ''}</td><td>${escapeHtml(p.in)}</td><td>${escapeHtml(p.type)}</td><td>${p.description ? md.renderInline(p.description, env) : ''}</td></tr>`)
          .join('')}</tbody></table>\n`
      : '',
    view.requestBody
      ? `<div class="openapi-body"><p><strong>Request body</strong>${view.requestBody.required ? ' <span class="openapi-required">required</span>' : ''}${mediaOf(view.requestBody)}</p>\n${view.requestBody.description ? md.render(view.requestBody.description, env) : ''}${fieldsHtml(view.requestBody.fields, md, env)}</div>\n`
      : '',
    view.responses.length
      ? `<div class="openapi-responses"><p><strong>Responses</strong></p>\n${view.responses
          .map((r) => `<details><summary><code>${escapeHtml(r.status)}</code> ${md.renderInline(r.description, env)}</summary>\n${r.contentType || r.type ? `<p>${mediaOf(r).trim()}</p>\n` : ''}${fieldsHtml(r.fields, md, env)}</details>\n`)
          .join('')}</div>\n`
      : '',
  ];
  return `<div class="openapi-operation">\n${parts.join('')}</div>\n`;
}

/** The named schemas as a reader sees them: each with its type, description and fields. */
export function schemasHtml(view: SchemasView, md: MarkdownIt, env: Env, inner: string): string {
  const schemas = view.schemas.map(
    (schema) =>
      `<details open><summary><code>${escapeHtml(schema.name)}</code> <span class="openapi-type">${escapeHtml(schema.type)}</span></summary>\n${schema.description ? md.render(schema.description, env) : ''}${fieldsHtml(schema.fields, md, env)}</details>\n`,
  );
  return `<div class="openapi-schemas">\n${inner}${schemas.join('')}</div>\n`;
}

const mediaOf = (body: { contentType?: string; type?: string }) =>
  `${body.contentType ? ` <code>${escapeHtml(body.contentType)}</code>` : ''}${body.type ? ` <span class="openapi-type">${escapeHtml(body.type)}</span>` : ''}`;

/** Rows of fields as nested lists, by their depth. */
function fieldsHtml(fields: OperationSchemaField[], md: MarkdownIt, env: Env): string {
  if (!fields.length) return '';
  let html = '';
  let depth = -1;
  for (const field of fields) {
    const target = Math.min(field.depth, depth + 1);
    if (target > depth) html += '<ul class="openapi-fields">';
    else {
      html += '</li>';
      for (; depth > target; depth--) html += '</ul></li>';
    }
    depth = target;
    html += `<li><code>${escapeHtml(field.name)}</code> <span class="openapi-type">${escapeHtml(field.type)}</span>${field.required ? ' <span class="openapi-required">required</span>' : ''}${field.description ? ` ${md.renderInline(field.description, env)}` : ''}`;
  }
  html += '</li>';
  for (; depth > 0; depth--) html += '</ul></li>';
  return `${html}</ul>\n`;
}
