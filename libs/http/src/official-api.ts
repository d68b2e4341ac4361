import { isOfficialNode as isObj, loadOfficialReleases, type OfficialNode as Obj } from './official-releases';

/**
 * The official GitBook API description, as the API document (api-document.ts) takes it: an operation's id,
 * tags, summary, description and responses, the components they reference, brand-renamed (a name containing
 * `GitBook` carries `Service`, as on our wire).
 */

export const brandRename = (name: string) => name.replace(/GitBook/g, 'Service');

/** GitBook's docs-site markup in descriptions (`{% openapi-schemas ... %}...{% endopenapi-schemas %}`) means nothing elsewhere. */
const withoutDocsMarkup = (text: string) => text.replace(/\{%\s*openapi-schemas[^%]*%\}[\s\S]*?\{%\s*endopenapi-schemas\s*%\}/g, '').replace(/\{%[^%]*%\}/g, '').trim();

/** What an official operation gives our description of it. */
export interface OfficialOperation {
  /** operationId, summary, description, tags, deprecated and responses, with their references made ours. */
  operation: Obj;
  /** The descriptions of its parameters, by `<in> <name>` (our schemas type them; its words explain them). */
  parameterDocs: Map<string, string>;
}

/**
 * One build's worth of the official releases (about 6 MB of JSON, parsed on construction and dropped with the
 * object): looks operations up by method and path template, and gathers every component they reference,
 * transitively, under `components`. A component of an older release keeps its name when the newest release
 * defines it identically; otherwise it is named `<Name>-<version>`, so both can stand in one document.
 */
export class OfficialApi {
  private readonly releases = loadOfficialReleases();
  /** The components the looked-up operations reference, by kind (schemas, responses, headers...) and name. */
  readonly components: Record<string, Obj> = {};
  /** The tags of the looked-up operations, as the official document declares them (name, description). */
  readonly tags = new Map<string, Obj>();
  private readonly queue: Array<{ kind: string; release: number; name: string; as: string }> = [];

  get version(): string {
    return this.releases[0].version;
  }

  /** The official operation `method template` (template: the official path, e.g. `/spaces/{spaceId}`), or undefined. */
  operation(method: string, template: string): OfficialOperation | undefined {
    const verb = method.toLowerCase();
    const index = this.releases.findIndex((r) => isObj(r.paths[template]?.[verb]));
    const release = this.releases[index];
    const official = release?.paths[template][verb];
    if (!isObj(official)) return undefined;
    const tags = Array.isArray(official.tags) ? official.tags.filter((t): t is string => typeof t === 'string') : [];
    for (const tag of tags) {
      const declared = release.tags.find((t) => t.name === tag);
      if (!this.tags.has(tag)) this.tags.set(tag, { name: tag, ...(typeof declared?.description === 'string' ? { description: withoutDocsMarkup(declared.description) } : {}) });
    }
    const operation: Obj = { tags };
    for (const key of ['operationId', 'summary', 'description', 'deprecated'] as const) {
      const value = official[key];
      if (value !== undefined) operation[key] = typeof value === 'string' ? withoutDocsMarkup(value) : value;
    }
    operation.responses = this.copy(index, official.responses ?? {});
    this.drain();
    return { operation, parameterDocs: this.parameterDocs(index, official) };
  }

  /** A `$ref` to the newest release's component `name` of `kind`, which is brought into `components`. */
  ref(kind: string, name: string): { $ref: string } {
    const ref = { $ref: this.refTo(0, kind, name) };
    this.drain();
    return ref;
  }

  private parameterDocs(index: number, official: Obj): Map<string, string> {
    const docs = new Map<string, string>();
    const list = Array.isArray(official.parameters) ? official.parameters : [];
    for (const entry of list) {
      const parameter = isObj(entry) && typeof entry.$ref === 'string' ? this.resolve(index, entry.$ref) : entry;
      if (isObj(parameter) && typeof parameter.description === 'string') docs.set(`${String(parameter.in)} ${String(parameter.name)}`, parameter.description);
    }
    return docs;
  }

  private resolve(index: number, ref: string): unknown {
    const [, , kind, name] = ref.split('/');
    return this.releases[index].components[kind]?.[name];
  }

  /** The name a release's component gets in our document, queued to be copied the first time it is seen. */
  private refTo(index: number, kind: string, name: string): string {
    const own = this.releases[index].components[kind]?.[name];
    if (own === undefined) throw new Error(`${this.releases[index].pkg}: no component ${kind}/${name}`);
    const newest = this.releases[0].components[kind]?.[name];
    const sameAsNewest = index === 0 || (newest !== undefined && JSON.stringify(newest) === JSON.stringify(own));
    const release = sameAsNewest ? 0 : index;
    const as = sameAsNewest ? brandRename(name) : `${brandRename(name)}-${this.releases[index].version}`;
    const into = (this.components[kind] ??= {});
    if (!(as in into)) {
      into[as] = {};
      this.queue.push({ kind, release, name, as });
    }
    return `#/components/${kind}/${as}`;
  }

  /** A reference of a release made ours: to a component, its name in our document (queued); anything else as is. */
  private ours(index: number, ref: string): string {
    if (!ref.startsWith('#/components/')) return ref;
    const [, , kind, name] = ref.split('/');
    return this.refTo(index, kind, name);
  }

  private drain(): void {
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      this.components[next.kind][next.as] = this.copy(next.release, this.releases[next.release].components[next.kind][next.name]);
    }
  }

  /**
   * A deep copy of an official node: references made ours (and queued), property names brand-renamed (in
   * `properties`, `required` and a discriminator), an OpenAPI 3.0 `nullable` (the oldest release) made 3.1.
   */
  private copy(index: number, node: unknown): unknown {
    if (Array.isArray(node)) return node.map((n) => this.copy(index, n));
    if (!isObj(node)) return node;
    const source = node.nullable === true ? nullable(node) : node;
    const out: Obj = {};
    for (const [key, value] of Object.entries(source)) {
      if (key === '$ref' && typeof value === 'string') {
        out.$ref = this.ours(index, value);
      } else if (key === 'properties' && isObj(value)) {
        out.properties = Object.fromEntries(Object.entries(value).map(([name, schema]) => [brandRename(name), this.copy(index, schema)]));
      } else if (key === 'required' && Array.isArray(value)) {
        out.required = value.map((r) => (typeof r === 'string' ? brandRename(r) : r));
      } else if (key === 'discriminator' && isObj(value)) {
        const mapping = isObj(value.mapping) ? Object.fromEntries(Object.entries(value.mapping).map(([tag, ref]) => [tag, typeof ref === 'string' ? this.ours(index, ref) : ref])) : undefined;
        out.discriminator = { ...value, propertyName: brandRename(String(value.propertyName)), ...(mapping ? { mapping } : {}) };
      } else if (key === 'description' && typeof value === 'string') {
        out.description = withoutDocsMarkup(value);
      } else out[key] = this.copy(index, value);
    }
    return out;
  }
}

/** OpenAPI 3.0's `nullable: true` in 3.1 (JSON Schema) terms. */
function nullable(schema: Obj): Obj {
  const rest = { ...schema };
  delete rest.nullable;
  if (typeof rest.type === 'string') return { ...rest, type: [rest.type, 'null'], ...(Array.isArray(rest.enum) ? { enum: [...rest.enum, null] } : {}) };
  return { anyOf: [rest, { type: 'null' }] };
}
