import type { OperationSchemaField, OperationView, SchemasView } from '@dp/contracts';

/**
 * Every operation of a bundled spec (OpenAPI 3.x or Swagger 2.0) as what a reader of a published page needs to
 * call it (docs/adr/0083): its summary, parameters, request body and responses, each schema as rows of fields.
 * Local `$ref`s are followed, a cycle is named and not expanded, and whatever a spec's author controls is bounded
 * (fields per schema, depth, responses, parameters, text lengths), so a view stays small whatever the spec holds.
 * Pure.
 */
export type OperationViewBody = Omit<OperationView, 'versionId'>;
/** By `METHOD path` (`GET /pets/{id}`). */
/** A schema of the spec as an `openapi-schemas` block shows it. */
export type SchemaViewBody = SchemasView['schemas'][number];
export type OperationViews = Record<string, OperationViewBody>;
/** A version's schemas by name. */
export type SchemaViews = Record<string, SchemaViewBody>;
/** What published pages read of a version: its operations and webhooks, and its schemas. */
export interface SpecViews {
  operations: OperationViews;
  schemas: SchemaViews;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export const VIEW_LIMITS = { fields: 200, depth: 5, properties: 100, parameters: 100, responses: 20, enumValues: 10, text: 2_000, variants: 6, operations: 5_000, schemas: 1_000 };

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, VIEW_LIMITS.text) : undefined);
const withText = <K extends string>(key: K, value: unknown): { [k in K]?: string } => {
  const t = text(value);
  const out: { [k in K]?: string } = {};
  if (t) out[key] = t;
  return out;
};

export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
/** A webhook (OpenAPI 3.1 `webhooks`) by its method and name: never an operation's key, whose path starts with `/`. */
export const webhookKey = (method: string, name: string) => `WEBHOOK ${method.toUpperCase()} ${name}`;

export function operationViews(document: unknown): OperationViews {
  const views: OperationViews = {};
  if (!isNode(document) || !isNode(document.paths)) return views;
  const refs = new Refs(document);
  let count = 0;
  const add = (items: Node, keyOf: (method: string, name: string) => string) => {
    for (const [path, rawItem] of Object.entries(items)) {
      const item = refs.resolve(rawItem);
      if (!item) continue;
      for (const method of METHODS) {
        const operation = refs.resolve(item[method]);
        if (!operation || ++count > VIEW_LIMITS.operations) continue;
        views[keyOf(method, path)] = viewOf(refs, document, method, path, item, operation);
      }
    }
  };
  add(document.paths, operationKey);
  // The webhooks the API calls (OpenAPI 3.1): the same views, by name; within the same bound on operations.
  if (isNode(document.webhooks)) add(document.webhooks, webhookKey);
  return views;
}

/** The named schemas (OpenAPI 3 `components.schemas`, Swagger 2 `definitions`), for `openapi-schemas` blocks: each as the rows of its fields. */
export function schemaViews(document: unknown): SchemaViews {
  const views: SchemaViews = {};
  if (!isNode(document)) return views;
  const refs = new Refs(document);
  const named = isNode(document.components) && isNode(document.components.schemas) ? document.components.schemas : isNode(document.definitions) ? document.definitions : {};
  for (const [name, raw] of Object.entries(named).slice(0, VIEW_LIMITS.schemas)) {
    const schema = refs.resolve(raw);
    if (!schema) continue;
    const fields: OperationSchemaField[] = [];
    fieldsOf(refs, raw, 0, new Set(), fields);
    views[name] = { name, ...withText('description', schema.description), type: typeName(refs, schema, 0), fields };
  }
  return views;
}

function viewOf(refs: Refs, document: Node, method: string, path: string, item: Node, operation: Node): OperationViewBody {
  const parameters = new Map<string, Node>();
  for (const list of [item.parameters, operation.parameters]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const parameter = refs.resolve(raw);
      if (parameter && typeof parameter.name === 'string' && typeof parameter.in === 'string') parameters.set(`${parameter.in}:${parameter.name}`, parameter);
    }
  }
  const all = [...parameters.values()];
  const swaggerBody = all.find((p) => p.in === 'body');
  const consumes = Array.isArray(operation.consumes) ? operation.consumes : Array.isArray(document.consumes) ? document.consumes : [];
  const requestBody = swaggerBody ? { required: swaggerBody.required === true, ...withText('description', swaggerBody.description), ...bodyOf(refs, typeof consumes[0] === 'string' ? consumes[0] : 'application/json', swaggerBody.schema) } : requestBodyOf(refs, operation.requestBody);
  return {
    method: method.toUpperCase(),
    path,
    ...withText('summary', operation.summary),
    ...withText('description', operation.description),
    deprecated: operation.deprecated === true,
    parameters: all
      .filter((p) => p.in !== 'body')
      .slice(0, VIEW_LIMITS.parameters)
      .map((p) => ({ name: String(p.name), in: String(p.in), type: typeName(refs, isNode(p.schema) ? p.schema : p, 0), required: p.required === true, ...withText('description', p.description) })),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(refs, operation.responses),
  };
}

function requestBodyOf(refs: Refs, raw: unknown): OperationView['requestBody'] {
  const body = refs.resolve(raw);
  if (!body) return undefined;
  const [contentType, media] = firstMedia(body.content);
  return { required: body.required === true, ...withText('description', body.description), ...bodyOf(refs, contentType, media?.schema) };
}

function responsesOf(refs: Refs, raw: unknown): OperationView['responses'] {
  if (!isNode(raw)) return [];
  return Object.entries(raw)
    .slice(0, VIEW_LIMITS.responses)
    .map(([status, value]) => {
      const response = refs.resolve(value) ?? {};
      const [contentType, media] = firstMedia(response.content);
      const schema = media ? media.schema : response.schema;
      return { status, description: text(response.description) ?? '', ...(schema === undefined ? { fields: [] } : bodyOf(refs, contentType ?? 'application/json', schema)) };
    });
}

/** The media type a reader most likely sends or gets: JSON if there is one, else the first. */
function firstMedia(content: unknown): [string | undefined, Node | undefined] {
  if (!isNode(content)) return [undefined, undefined];
  const types = Object.keys(content);
  const chosen = types.find((t) => /json/i.test(t)) ?? types[0];
  const media = chosen === undefined ? undefined : content[chosen];
  return [chosen, isNode(media) ? media : undefined];
}

function bodyOf(refs: Refs, contentType: string | undefined, schema: unknown): { contentType?: string; type?: string; fields: OperationSchemaField[] } {
  const fields: OperationSchemaField[] = [];
  if (schema !== undefined) fieldsOf(refs, schema, 0, new Set(), fields);
  return { ...(contentType ? { contentType } : {}), ...(schema === undefined ? {} : { type: typeName(refs, schema, 0) }), fields };
}

/** The rows of an object schema's properties (an array's items' properties), nested below those that are objects. */
function fieldsOf(refs: Refs, raw: unknown, depth: number, expanding: Set<string>, into: OperationSchemaField[]): void {
  if (depth >= VIEW_LIMITS.depth) return;
  const ref = refOf(raw);
  if (ref && expanding.has(ref)) return;
  const schema = refs.resolve(raw);
  if (!schema) return;
  const inner = new Set(expanding);
  if (ref) inner.add(ref);
  if (schema.type === 'array' || (schema.items !== undefined && schema.properties === undefined)) return fieldsOf(refs, schema.items, depth, inner, into);
  const { properties, required, merged } = objectOf(refs, schema);
  for (const part of merged) inner.add(part);
  for (const [name, property] of Object.entries(properties).slice(0, VIEW_LIMITS.properties)) {
    if (into.length >= VIEW_LIMITS.fields) return;
    const resolved = refs.resolve(property) ?? {};
    into.push({ depth, name, type: typeName(refs, property, 0), required: required.has(name), ...withText('description', resolved.description) });
    fieldsOf(refs, property, depth + 1, inner, into);
  }
}

/** An object schema's properties and required names, those of `allOf` parts merged in (with the refs they came by). */
function objectOf(refs: Refs, schema: Node): { properties: Record<string, unknown>; required: Set<string>; merged: string[] } {
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  const merged: string[] = [];
  const add = (part: Node | undefined, depth: number) => {
    if (!part || depth > VIEW_LIMITS.depth) return;
    if (Array.isArray(part.allOf)) {
      for (const sub of part.allOf.slice(0, VIEW_LIMITS.variants)) {
        const ref = refOf(sub);
        if (ref) merged.push(ref);
        add(refs.resolve(sub), depth + 1);
      }
    }
    if (isNode(part.properties)) Object.assign(properties, part.properties);
    if (Array.isArray(part.required)) for (const name of part.required) if (typeof name === 'string') required.add(name);
  };
  add(schema, 0);
  return { properties, required, merged };
}

/** A schema's type in words: `string (uuid)`, `array of Pet`, `one of: Cat | Dog`, `string, one of: a, b`. */
function typeName(refs: Refs, raw: unknown, depth: number): string {
  const ref = refOf(raw);
  const schema = refs.resolve(raw);
  if (!schema) return 'any';
  const named = ref?.startsWith('#/components/schemas/') || ref?.startsWith('#/definitions/') ? decodePointer(ref.slice(ref.lastIndexOf('/') + 1)) : undefined;
  if (named && (schema.type === 'object' || schema.properties || schema.allOf)) return named;
  if (depth > 3) return named ?? 'object';
  for (const key of ['oneOf', 'anyOf'] as const) {
    const variants = schema[key];
    if (Array.isArray(variants)) return `one of: ${variants.slice(0, VIEW_LIMITS.variants).map((v) => typeName(refs, v, depth + 1)).join(' | ')}`;
  }
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
  const base = types[0] === 'array' || (types[0] === undefined && schema.items !== undefined) ? `array of ${typeName(refs, schema.items, depth + 1)}` : typeof types[0] === 'string' ? types[0] : schema.properties || schema.allOf ? 'object' : 'any';
  const format = typeof schema.format === 'string' ? ` (${schema.format.slice(0, 40)})` : '';
  const values = Array.isArray(schema.enum) ? `, one of: ${schema.enum.slice(0, VIEW_LIMITS.enumValues).map((v) => JSON.stringify(v).slice(0, 60)).join(', ')}${schema.enum.length > VIEW_LIMITS.enumValues ? ', …' : ''}` : '';
  return `${base}${format}${values}${nullable ? ', nullable' : ''}`;
}

const refOf = (raw: unknown) => (isNode(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined);
const decodePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** Local `$ref`s of the bundled document followed (a chain of them too, to a bound); anything else unresolved. */
class Refs {
  constructor(private readonly document: Node) {}

  resolve(value: unknown): Node | undefined {
    let current = value;
    for (let hops = 0; hops < 16; hops++) {
      const ref = refOf(current);
      if (!ref) return isNode(current) ? current : undefined;
      current = this.pointer(ref);
    }
    return undefined;
  }

  private pointer(ref: string): unknown {
    if (!ref.startsWith('#/')) return undefined;
    let at: unknown = this.document;
    for (const segment of ref.slice(2).split('/').map(decodePointer)) {
      if (Array.isArray(at)) at = at[Number(segment)];
      else if (isNode(at)) at = at[segment];
      else return undefined;
    }
    return at;
  }
}
