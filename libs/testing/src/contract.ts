import { readFileSync } from 'node:fs';
import Ajv2020, { _, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { isOfficialNode, loadOfficialReleases, type OfficialNode } from '@dp/http';
import { cachedValidator, cacheKey } from './validator-cache';

/**
 * Contract checks against the official GitBook OpenAPI schemas (`@gitbook/api`), strictly (docs/adr/0024):
 * - the brand rule: a property whose official name contains `GitBook` is named with `Service` instead;
 * - ajv strict mode, with the OpenAPI annotation keywords (`example`, `x-*`) declared;
 * - a `oneOf` with a `discriminator` is resolved by its tag: the variant the tag names is the only one tried,
 *   so errors are those of the chosen variant (named in the message), never "must match exactly one";
 * - unknown fields are errors: every schema in a value position (a response body, a property, an array item)
 *   gets `unevaluatedProperties: false`, which sees through `allOf`/`oneOf`/`$ref` composition; an official
 *   `{type: 'object'}` that describes no field at all (a map with open keys) is left open.
 * Operations the newest release dropped are looked up in older releases, installed side by side as npm aliases.
 * Operations of ours (no release has them) are checked the same way against the response schemas their routes
 * declare, as the deployment's own API document serves them (`/v1/openapi.json`, docs/adr/0054).
 */
type Schema = Record<string, unknown>;
type Json = unknown;

/**
 * Paths we serve that are not API operations with JSON bodies, skipped on purpose (each with why). Any other
 * path no official release has is one of ours: its answers are checked against the response schemas its route
 * declares (the deployment's API document); one that declares none fails the call, unless it is an error
 * answer (checked against the official error shape).
 */
export const UNOFFICIAL_PATHS: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  { pattern: /^\/internal\//, why: 'service-to-service paths, not routed by the gateway' },
  { pattern: /^\/health(\/live|\/ready)?$/, why: 'aggregated health, liveness and readiness probes' },
  { pattern: /^\/v1\/?$/, why: "the gateway's own JSON index of the API (gateway/src/api-index.ts, docs/adr/0027), not a GitBook operation" },
  { pattern: /^\/openapi\/[^/]+\/[^/]+\.(json|yaml)$/, why: "a public OpenAPI spec's latest version, served without a token at its `urls.published` (docs/adr/0042): the document itself, not a GitBook API body" },
  { pattern: /^\/pdf\/[A-Za-z0-9_-]{43}$/, why: "a PDF export's temporary URL (the `url` of GET SPACE/pdf and GET CR/pdf, docs/adr/0044): the PDF itself" },
  { pattern: /^\/sso\/saml\//, why: "a SAML provider's public sign-in URLs (its `service`: startURL, acsURL, entityID/metadata), ours: GitBook's live on its own host (docs/adr/0036)" },
];

/**
 * Our additions to the official schemas, each with why, checked as strictly as the official ones: a variant
 * of an official union, or a field of an official object. Only what the interface
 * (../shared/spec/interface.md) demands and the newest release lacks; any other unknown field stays an error.
 */
export const EXTENSIONS: ReadonlyArray<
  | { union: string; variant: Schema; why: string }
  /**
   * `at`: the path of nested object properties under `object` that gets `property` (none: `object` itself);
   * `replace`: the property exists officially and `schema` replaces its schema (a value the official one lacks).
   */
  | { object: string; at?: string[]; property: string; schema: Schema; replace?: true; why: string }
> = [
  {
    union: 'Event',
    variant: { title: 'site_published (ours)', allOf: [{ $ref: '#/components/schemas/SiteEvent' }], properties: { type: { const: 'site_published' } } },
    why: 'integration events of a published site: the official Event union has no kind for it (integrations domain/integration-events.ts)',
  },
  {
    union: 'Document',
    variant: { title: 'No body (ours)', type: 'object', properties: { markdown: false, document: false } },
    why:
      "a page named by a link location (`locationReferences`, backlinks) comes without its document (docs/adr/0061): the official `Empty` variant says a page may carry none, but its `additionalProperties: false` beside the page's own fields can match no page",
  },
  {
    object: 'Site',
    property: 'agentsContext',
    schema: { type: 'string', enum: ['excluded', 'included'] },
    why: "the interface lists it on Site and PATCH SITE sets it; GitBook's API dropped it after 0.130 (its SiteAgentsContext enum)",
  },
  {
    object: 'Integration',
    at: ['permissions'],
    property: 'install',
    schema: { type: 'boolean' },
    why: 'the interface lists `admin` and `install` as an Integration\'s permissions; the official schema has `admin` only',
  },
  {
    object: 'RevisionSemanticChangePageEdited',
    property: 'attributes',
    schema: { anyOf: ['Document', 'Group', 'Link'].map((kind) => ({ $ref: `#/components/schemas/RevisionPage${kind}ChangeAttributes` })) },
    replace: true,
    why: "the official `oneOf` of a document's, a group's and a link's attributes can never hold for a group or a title change: all three have title, emoji and slug, so such attributes match them all. Matching one is what the union means",
  },
  {
    object: 'OrganizationSAMLProvider',
    property: 'ssoURL',
    schema: { anyOf: [{ $ref: '#/components/schemas/URL' }, { const: '' }] },
    replace: true,
    why: "a `pending` provider (created with its label only, as the official body allows) has no ssoURL yet, and the official schema requires one: it is '' until set",
  },
];

/** `schema` with `property` added under the nested object properties `at` (unchanged where the path does not exist or, unless `replace`, has it). */
function withProperty(schema: Schema, at: string[], property: string, added: Schema, replace = false): Schema {
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (!properties) return schema;
  if (at.length === 0) return property in properties && !replace ? schema : { ...schema, properties: { ...properties, [property]: added } };
  const [head, ...rest] = at;
  if (!properties[head]) return schema;
  return { ...schema, properties: { ...properties, [head]: withProperty(properties[head], rest, property, added, replace) } };
}

/** An official release (newest first: an operation is checked against the first release that has it), kept for the run. */
interface Release {
  id: string;
  spec: { paths: Record<string, Record<string, OfficialNode>>; components: { schemas: Record<string, Schema>; responses?: Record<string, OfficialNode> } };
  templates: Array<{ template: string; segments: string[]; literals: number }>;
}
interface ResponseObject {
  content?: Record<string, { schema?: Schema }>;
}

let releases: Release[] | undefined;
const validators = new Map<string, ValidateFunction>();

function loadReleases(): Release[] {
  if (releases) return releases;
  releases = loadOfficialReleases().map(({ pkg, paths, components }) => {
    const schemas = { ...components.schemas };
    for (const extension of EXTENSIONS) {
      if ('union' in extension) {
        const { union, variant } = extension;
        if (schemas[union]) schemas[union] = { ...schemas[union], oneOf: [...(schemas[union].oneOf as Schema[]), variant] };
      } else {
        const { object, at = [], property, schema, replace } = extension;
        if (schemas[object]) schemas[object] = withProperty(schemas[object], at, property, schema, replace);
      }
    }
    const spec = { paths, components: { schemas, responses: components.responses } };
    const templates = Object.keys(spec.paths).map((template) => {
      const segments = template.split('/').slice(1);
      return { template, segments, literals: segments.filter((s) => !s.startsWith('{')).length };
    });
    // The most literal template wins (`versions/latest` before `versions/{versionId}`).
    templates.sort((a, b) => b.literals - a.literals);
    return { id: pkg.replace('@gitbook/', 'gitbook-'), spec, templates };
  });
  return releases;
}

/** `#/components/schemas/X` of a release → the id ajv knows it by. */
function refOf(release: string, name: string): string {
  return `${release}#/$defs/${name}`;
}

const rename = (s: string) => s.replace(/GitBook/g, 'Service');

/**
 * One pass over an official schema: brand rename, refs made absolute, OpenAPI 3.0 `nullable` turned into
 * JSON Schema, discriminated unions resolved by tag, and `unevaluatedProperties: false` in value positions.
 */
function prepare(node: Json, release: Release, valuePosition: boolean): Json {
  if (Array.isArray(node) || !node || typeof node !== 'object') return node;
  let schema: Schema = { ...(node as Schema) };
  delete schema.$schema; // only allowed at a document root
  if (schema.nullable === true) schema = nullable(schema);
  delete schema.nullable;
  if (typeof schema.$ref === 'string') schema.$ref = refOf(release.id, schema.$ref.replace('#/components/schemas/', ''));
  if (schema.discriminator && Array.isArray(schema.oneOf)) schema = byDiscriminator(schema, release);
  // `properties` or `additionalProperties` without a `type` (the official PlainObject) describes an object:
  // untyped, a string would pass it too, and every `oneOf` that offers it beside `string` would fail.
  if (schema.type === undefined && ('properties' in schema || 'additionalProperties' in schema) && !['allOf', 'anyOf', 'oneOf', '$ref'].some((k) => k in schema)) {
    schema = { type: 'object', ...schema };
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'properties' || key === 'patternProperties') && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([p, s]) => [key === 'properties' ? rename(p) : p, prepare(s, release, true)]));
    } else if (key === 'required' && Array.isArray(value)) {
      out[key] = value.map((r) => (typeof r === 'string' ? rename(r) : r));
    } else if (key === 'items' || key === 'additionalProperties' || key === 'contains') {
      out[key] = prepare(value, release, true);
    } else if (key === 'prefixItems' && Array.isArray(value)) {
      out[key] = value.map((s) => prepare(s, release, true));
    } else if ((key === 'allOf' || key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      out[key] = value.map((s) => prepare(s, release, false));
    } else if (key === 'if' || key === 'then' || key === 'else' || key === 'not' || key === 'propertyNames') {
      // propertyNames: the keys of a localized string are a $ref (TranslationLanguage) that must be made absolute too
      out[key] = prepare(value, release, false);
    } else out[key] = value;
  }
  if (valuePosition && mayBeObject(out) && !isFreeForm(out) && !('additionalProperties' in out) && !('unevaluatedProperties' in out)) out.unevaluatedProperties = false;
  return out;
}

/**
 * `{type: 'object'}` and nothing that describes its fields: the official schema leaves the object's keys open
 * on purpose (e.g. OpenAPISpecContent's `filesystem`, keyed by file name), so no key of it is unknown.
 */
function isFreeForm(schema: Schema): boolean {
  const structural = ['properties', 'patternProperties', 'propertyNames', 'required', '$ref', 'allOf', 'anyOf', 'oneOf', 'if', 'not', 'discriminator'];
  return schema.type === 'object' && !structural.some((k) => k in schema);
}

function mayBeObject(schema: Schema): boolean {
  const { type } = schema;
  if (type === undefined) return ['properties', '$ref', 'allOf', 'oneOf', 'anyOf', 'required'].some((k) => k in schema);
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/** OpenAPI 3.0 `nullable: true` (older releases) in JSON Schema 2020 terms. */
function nullable(schema: Schema): Schema {
  const rest = { ...schema };
  delete rest.nullable;
  if (typeof rest.type === 'string') return { ...rest, type: [rest.type, 'null'], ...(Array.isArray(rest.enum) ? { enum: [...rest.enum, null] } : {}) };
  return { anyOf: [rest, { type: 'null' }] };
}

/**
 * `oneOf` + `discriminator` → `allOf` of "the tag is one of the variants' tags" and, per variant, "if the tag
 * is this variant's, then the body is this variant". Only the chosen variant is validated, so its errors are
 * the ones reported (each `if`/`then` pair carries its variant's name in `title`, which the error list prints).
 */
function byDiscriminator(schema: Schema, release: Release): Schema {
  const { propertyName, mapping } = schema.discriminator as { propertyName: string; mapping?: Record<string, string> };
  const branches = (schema.oneOf as Schema[]).map((branch) => {
    const name = typeof branch.$ref === 'string' ? branch.$ref.split('/').pop()! : String(branch.title ?? 'inline variant');
    const tags = mapping ? Object.entries(mapping).filter(([, ref]) => ref === branch.$ref).map(([tag]) => tag) : tagsOf(branch, propertyName, release);
    if (!tags.length) throw new Error(`contract: no discriminator value for ${name} (${propertyName})`);
    return { name, tags, branch };
  });
  const rest = { ...schema };
  delete rest.oneOf;
  delete rest.discriminator;
  const tag = rename(propertyName);
  return {
    ...rest,
    allOf: [
      ...((rest.allOf as Schema[] | undefined) ?? []),
      { type: 'object', required: [tag], properties: { [tag]: { enum: branches.flatMap((b) => b.tags) } } },
      ...branches.map((b) => ({ title: b.name, if: { type: 'object', required: [tag], properties: { [tag]: { enum: b.tags } } }, then: b.branch })),
    ],
  };
}

/** The values of `property` a variant admits (`const` or `enum`), looking through `$ref` and `allOf`. */
function tagsOf(schema: Schema, property: string, release: Release): string[] {
  if (typeof schema.$ref === 'string') return tagsOf(release.spec.components.schemas[schema.$ref.split('/').pop()!] ?? {}, property, release);
  const prop = (schema.properties as Record<string, Schema> | undefined)?.[property];
  if (prop) {
    if (typeof prop.const === 'string') return [prop.const];
    if (Array.isArray(prop.enum)) return prop.enum.filter((v): v is string => typeof v === 'string');
    if (typeof prop.$ref === 'string') return tagsOf({ properties: { [property]: release.spec.components.schemas[prop.$ref.split('/').pop()!] } }, property, release);
  }
  return ((schema.allOf as Schema[] | undefined) ?? []).flatMap((s) => tagsOf(s, property, release));
}

let ajv: Ajv2020 | undefined;
const registered = new Set<string>();

/**
 * The checks' ajv, with `release` registered: a release's schemas are added when a check first needs them (most
 * files need the newest only), unvalidated against the meta-schema (0.1 s each; contract.test.ts validates them).
 */
function officialAjv(release: Release): Ajv2020 {
  ajv ??= newAjv();
  if (!registered.has(release.id)) {
    for (const keyword of extensionKeywords(release.spec.components.schemas)) if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
    ajv.addSchema(preparedRelease(release), undefined, undefined, false);
    registered.add(release.id);
  }
  return ajv;
}

function newAjv(): Ajv2020 {
  // `code`: validators are kept as standalone code (validator-cache.ts), whose formats are ajv-formats' own.
  const code = { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` };
  const created = new Ajv2020({ strict: true, strictTypes: false, allErrors: true, verbose: true, validateFormats: true, code });
  addFormats(created);
  created.addFormat('emoji', true); // GitBook's own formats: any string
  created.addFormat('icon', true);
  created.addKeyword({ keyword: 'example' }); // OpenAPI annotations, no assertion
  return created;
}

/** A release's component schemas as one JSON Schema document, prepared for the checks (its `$id` is the release's). */
function preparedRelease(release: Release): Schema {
  const $defs = Object.fromEntries(Object.entries(release.spec.components.schemas).map(([name, s]) => [name, prepare(s, release, false)]));
  return { $id: release.id, $defs };
}

/** Every release prepared as the checks register it, for a test that validates them against the meta-schema. */
export const preparedReleases = (): Schema[] => loadReleases().map(preparedRelease);

/** The `x-…` vendor keywords a release uses: annotations ajv must know in strict mode. */
function extensionKeywords(node: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => extensionKeywords(n, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeywords(value, found);
    }
  }
  return found;
}

/**
 * What every kept validator depends on beyond its own schema: this file (the preparation, the extensions, ajv's
 * options), ajv's version and the releases' versions.
 */
let versionKey: string | undefined;
const versions = () =>
  (versionKey ??= cacheKey(readFileSync(__filename, 'utf8'), readFileSync(require.resolve('ajv/package.json'), 'utf8'), ...loadOfficialReleases().map((r) => `${r.pkg}@${r.version}`)));

/**
 * The validator of `key`, compiled the first time in this file or taken from an earlier file's
 * (validator-cache.ts); `schema` may refer to `release`'s components.
 */
function compiled(key: string, schema: () => Schema, release: Release = loadReleases()[0]): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    const prepared = schema();
    validate = cachedValidator(cacheKey(versions(), key, release.id, JSON.stringify(prepared)), () => {
      const ajv = officialAjv(release);
      return { ajv, validate: ajv.compile(prepared) };
    });
    validators.set(key, validate);
  }
  return validate;
}

/**
 * Readable violations. A failed `if`/`then` of a discriminated union names the chosen variant for the errors
 * under its instance path. `unevaluatedProperties` errors are dropped where another error sits at the same
 * place or below it: a failing subschema drops its annotations, so every field there would also read
 * "unevaluated"; the deepest errors are the real ones.
 */
function format(errors: ErrorObject[] | null | undefined): string[] {
  const all = errors ?? [];
  const variants = all.filter((e) => e.keyword === 'if' && typeof e.parentSchema?.title === 'string').map((e) => ({ at: e.instancePath, name: String(e.parentSchema!.title) }));
  const assertions = all.filter((e) => e.keyword !== 'if');
  const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);
  return assertions
    .filter((e) => e.keyword !== 'unevaluatedProperties' || !assertions.some((o) => (o.keyword !== 'unevaluatedProperties' || o.instancePath !== e.instancePath) && under(o.instancePath, e.instancePath)))
    .map((e) => {
      const variant = variants.filter((v) => under(e.instancePath, v.at)).pop();
      const params = e.keyword === 'unevaluatedProperties' ? ` '${String(e.params.unevaluatedProperty)}'` : Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : '';
      return `${e.instancePath || '/'} ${e.message}${params}${variant ? ` (variant ${variant.name})` : ''}`;
    });
}

/** Validates `body` against the official component schema `name` (newest release); returns the errors. */
export function officialSchemaErrors(name: string, body: unknown): string[] {
  const release = loadReleases()[0];
  const validate = compiled(`component:${name}`, () => prepare({ $ref: `#/components/schemas/${name}` }, release, true) as Schema);
  return validate(body) ? [] : format(validate.errors);
}

/** Jest helper: throws with the list of violations when `body` breaks the official schema. */
export function expectOfficialSchema(name: string, body: unknown): void {
  const errors = officialSchemaErrors(name, body);
  if (errors.length) throw new Error(`response does not match official schema ${name}:\n  ${errors.join('\n  ')}\n${JSON.stringify(body, null, 2)}`);
}

/** The official operation of `method path` (path as sent, `/v1/...`), newest release first. */
export function officialOperation(method: string, path: string): { release: string; template: string; operation: OfficialNode } | undefined {
  const segments = segmentsUnderV1(path);
  if (!segments) return undefined;
  const verb = method.toLowerCase();
  for (const release of loadReleases()) {
    const match = release.templates.find((t) => templateFits(t.segments, segments) && release.spec.paths[t.template][verb]);
    if (match) return { release: release.id, template: match.template, operation: release.spec.paths[match.template][verb] };
  }
  return undefined;
}

/** A path as sent (`/v1/spaces/abc?x=1`) as the segments after `/v1` (`['spaces', 'abc']`); undefined outside `/v1`. */
function segmentsUnderV1(path: string): string[] | undefined {
  const pathname = path.split('?')[0];
  return pathname.startsWith('/v1/') ? pathname.slice(3).split('/').slice(1) : undefined;
}

/** Whether a path's segments fit a template's (`['spaces', '{spaceId}']`). */
function templateFits(template: string[], segments: string[]): boolean {
  // `{pagePath}`, last in the by-path page reads, is a page's whole path: the official client sends its slashes as they are.
  const rest = template.at(-1) === '{pagePath}';
  if (rest ? segments.length < template.length : segments.length !== template.length) return false;
  const filled = (i: number) => (rest && i === template.length - 1 ? segments.slice(i).join('') : segments[i]) !== '';
  return template.every((s, i) => (s.startsWith('{') ? filled(i) : s === segments[i]));
}

/**
 * What a deployment's API document (`/v1/openapi.json`) says of its operations: for ours, the response schemas
 * their routes declare, which may refer to GitBook's components (`#/components/schemas/User`).
 */
export interface OwnApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
}

/** The operation of ours that `method path` is, in the deployment's document (templates relative to `/v1`). */
function ownOperation(document: OwnApiDocument, method: string, path: string): { template: string; responses: Record<string, ResponseObject> } | undefined {
  const segments = segmentsUnderV1(path);
  if (!segments) return undefined;
  const verb = method.toLowerCase();
  const templates = Object.keys(document.paths)
    .map((template) => ({ template, segments: template.split('/').slice(1) }))
    .sort((a, b) => b.segments.filter((s) => !s.startsWith('{')).length - a.segments.filter((s) => !s.startsWith('{')).length);
  const match = templates.find((t) => templateFits(t.segments, segments) && document.paths[t.template][verb]);
  return match && { template: match.template, responses: document.paths[match.template][verb].responses ?? {} };
}

/** Whether an answer to `method path` is checked against the deployment's own document: a JSON path of ours. */
export function needsOwnDocument(method: string, path: string): boolean {
  const pathname = path.split('?')[0];
  return !UNOFFICIAL_PATHS.some((u) => u.pattern.test(pathname)) && !officialOperation(method, pathname);
}

/**
 * Checks one response against the official operation of `method path`: the schema of its status (or
 * `default`); an error status the operation does not list is checked against the official error shape.
 * An operation of ours is checked against the response schemas of `own`, the deployment's API document.
 * Returns the violations (empty when it matches or the path is deliberately unofficial).
 */
export function responseContractErrors(method: string, path: string, status: number, body: unknown, own?: OwnApiDocument): string[] {
  const pathname = path.split('?')[0];
  if (UNOFFICIAL_PATHS.some((u) => u.pattern.test(pathname))) return [];
  const found = officialOperation(method, pathname);
  const label = `${method.toUpperCase()} ${pathname} → ${status}`;
  if (!found) return ownResponseErrors(label, method, pathname, status, body, own);
  const { release, template, operation } = found;
  const responses = isOfficialNode(operation.responses) ? operation.responses : {};
  const declared = responses[String(status)] ?? responses.default;
  if (!isOfficialNode(declared)) {
    if (status >= 400) return errorShapeErrors(status, body);
    return [`${label}: status not declared by official ${template} (${release})`];
  }
  const response = resolveResponse(release, declared);
  const schema = jsonSchemaOf(response);
  if (!schema) return body === undefined ? [] : [`${label}: official ${template} (${release}) declares no JSON body for this status`];
  const verb = method.toLowerCase();
  const key = `${release} ${verb} ${template} ${status}`;
  const rel = loadReleases().find((r) => r.id === release)!;
  const validate = compiled(key, () => prepare(schema, rel, true) as Schema, rel);
  return validate(body) ? [] : format(validate.errors).map((e) => `${e}`);
}

/** An answer of one of our operations, against the schema its route declares for the status (strictly, as official ones). */
function ownResponseErrors(label: string, method: string, pathname: string, status: number, body: unknown, own: OwnApiDocument | undefined): string[] {
  const operation = own && ownOperation(own, method, pathname);
  const schema = operation?.responses[String(status)]?.content?.['application/json']?.schema;
  if (!schema) {
    if (status >= 400) return errorShapeErrors(status, body);
    if (!operation) return [`${label}: no official operation${own ? ', nor one of ours in the API document' : ''} (add the path to UNOFFICIAL_PATHS with a reason if it is not an API operation)`];
    return [`${label}: ours (${operation.template}), and its route declares no response schema for ${status}: add it to route({ responses })`];
  }
  const validate = compiled(`own ${method.toLowerCase()} ${operation.template} ${status} ${JSON.stringify(schema)}`, () => prepare(schema, loadReleases()[0], true) as Schema);
  return validate(body) ? [] : format(validate.errors);
}

/**
 * An answer against a response schema its route declares, strictly as our operations' answers are: for the
 * internal routes (`/internal/...`), which are in no API document (docs/adr/0054).
 */
export function declaredResponseErrors(schema: object, body: unknown): string[] {
  const validate = compiled(`declared ${JSON.stringify(schema)}`, () => prepare(schema, loadReleases()[0], true) as Schema);
  return validate(body) ? [] : format(validate.errors);
}

function resolveResponse(release: string, declared: OfficialNode): OfficialNode {
  if (typeof declared.$ref === 'string') {
    const rel = loadReleases().find((r) => r.id === release)!;
    return rel.spec.components.responses?.[declared.$ref.split('/').pop()!] ?? {};
  }
  return declared;
}

/** The JSON body schema an official response object declares. */
function jsonSchemaOf(response: OfficialNode): Schema | undefined {
  const json = isOfficialNode(response.content) ? response.content['application/json'] : undefined;
  return isOfficialNode(json) && isOfficialNode(json.schema) ? json.schema : undefined;
}

/** The official error body (`components/responses/*Error`): `{error: {code: <status>, message}}`, nothing else. */
function errorShapeErrors(status: number, body: unknown): string[] {
  const validate = compiled(`error:${status}`, () => ({
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: { type: 'object', required: ['code', 'message'], additionalProperties: false, properties: { code: { const: status }, message: { type: 'string' } } },
    },
  }));
  return validate(body) ? [] : format(validate.errors);
}
