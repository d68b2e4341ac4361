import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Contract checks against the official GitBook OpenAPI schemas (`@gitbook/api`), with the one brand rule
 * applied: a property whose official name contains `GitBook` is named with `Service` instead.
 */
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function renameBrand(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(renameBrand);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([p, s]) => [p.replace(/GitBook/g, 'Service'), renameBrand(s)]));
    } else if (key === 'required' && Array.isArray(value)) {
      out[key] = value.map((r) => (typeof r === 'string' ? r.replace(/GitBook/g, 'Service') : r));
    } else out[key] = renameBrand(value);
  }
  return out;
}

function officialAjv(): Ajv2020 {
  if (ajv) return ajv;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const spec = require('@gitbook/api/spec/openapi.json');
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('emoji', true);
  ajv.addFormat('icon', true);
  ajv.addKeyword({ keyword: 'discriminator' });
  ajv.addSchema({ $id: 'official', components: renameBrand(spec.components) } as object);
  return ajv;
}

/** Validates `body` against the official component schema `name`; returns the errors (empty when valid). */
export function officialSchemaErrors(name: string, body: unknown): string[] {
  let validate = validators.get(name);
  if (!validate) {
    validate = officialAjv().compile({ $ref: `official#/components/schemas/${name}` });
    validators.set(name, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

/** Jest helper: throws with the list of violations when `body` breaks the official schema. */
export function expectOfficialSchema(name: string, body: unknown): void {
  const errors = officialSchemaErrors(name, body);
  if (errors.length) throw new Error(`response does not match official schema ${name}:\n  ${errors.join('\n  ')}\n${JSON.stringify(body, null, 2)}`);
}
