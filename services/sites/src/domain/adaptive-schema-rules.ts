import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { DRAFT_07, UNSIGNED, UNSIGNED_DESCRIPTION, type AdaptiveSchemaJson } from './adaptive-schema';

/**
 * The rules a site's adaptive schema must follow (docs/adr/0039), as one JSON Schema that ajv checks a client's
 * `jsonSchema` against. Each part carries a `rule` annotation, the sentence a 400 quotes, so a refusal names the
 * property and the rule it breaks. Signed claims are booleans (the interface narrows the official shapes),
 * `unsigned` is the official object word for word, sizes are bounded. Pure; the rules in full:
 * docs/design/adaptive-content-conditions.md.
 */

export const MAX_CLAIMS = 100;
export const CLAIM_NAME_MAX_LENGTH = 64;
export const CLAIM_DESCRIPTION_MAX_LENGTH = 500;

const description = { type: 'string', minLength: 1, maxLength: CLAIM_DESCRIPTION_MAX_LENGTH, pattern: '\\S' } as const;

const claimNames = {
  rule: `claim names are 1 to ${CLAIM_NAME_MAX_LENGTH} characters`,
  type: 'string',
  minLength: 1,
  maxLength: CLAIM_NAME_MAX_LENGTH,
} as const;

const signedClaim = {
  rule: `every property other than "${UNSIGNED}" is a signed claim: exactly {"type": "boolean", "description": <non-empty text>}`,
  type: 'object',
  properties: { type: { type: 'string', const: 'boolean' }, description },
  required: ['type', 'description'],
  additionalProperties: false,
} as const;

const unsignedClaim = {
  rule: 'every unsigned claim is {"type": "boolean", "number" or "string", "description": <non-empty text>}, and a string claim may list its values in "enum" (distinct strings); nothing else',
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['boolean', 'number', 'string'] },
    description,
    enum: { type: 'array', items: { type: 'string', maxLength: CLAIM_DESCRIPTION_MAX_LENGTH }, minItems: 1, maxItems: MAX_CLAIMS, uniqueItems: true },
  },
  required: ['type', 'description'],
  additionalProperties: false,
  if: { properties: { type: { const: 'string' } } },
  then: true,
  else: { properties: { enum: false } },
} as const;

const unsignedClaims = {
  rule: `"${UNSIGNED}", when present, is {"type": "object", "description": "${UNSIGNED_DESCRIPTION}", "properties": {<unsigned claims>}, "additionalProperties": false}`,
  type: 'object',
  properties: {
    type: { type: 'string', const: 'object' },
    description: { type: 'string', const: UNSIGNED_DESCRIPTION },
    properties: { type: 'object', maxProperties: MAX_CLAIMS, propertyNames: claimNames, additionalProperties: unsignedClaim },
    additionalProperties: { type: 'boolean', const: false },
  },
  required: ['type', 'description', 'properties', 'additionalProperties'],
  additionalProperties: false,
} as const;

export const ADAPTIVE_SCHEMA_RULES = {
  rule: 'the adaptive schema has "type", "properties" and "additionalProperties", and may have "$schema"; nothing else',
  type: 'object',
  properties: {
    $schema: { rule: `"$schema", when present, is "${DRAFT_07}" (the schema is draft-07)`, type: 'string', const: DRAFT_07 },
    type: { rule: '"type" is "object": the claims are the properties of one object', type: 'string', const: 'object' },
    properties: {
      rule: `"properties" is an object of at most ${MAX_CLAIMS} claims`,
      type: 'object',
      maxProperties: MAX_CLAIMS,
      propertyNames: claimNames,
      properties: { [UNSIGNED]: unsignedClaims },
      additionalProperties: signedClaim,
    },
    additionalProperties: { rule: '"additionalProperties" is false: a visitor carries only the claims the schema declares', type: 'boolean', const: false },
  },
  required: ['type', 'properties', 'additionalProperties'],
  additionalProperties: false,
} as const;

function rulesAjv() {
  const ajv = new Ajv({ strict: true, allErrors: false });
  ajv.addKeyword({ keyword: 'rule', schemaType: 'string' });
  return ajv;
}

// Compiled on first use, as the request schemas are (libs/http validate.ts): most processes that load the
// sites service never check an adaptive schema, and compiling both at import cost every boot 0.1 s of CPU.
let rules: ValidateFunction<AdaptiveSchemaJson> | undefined;
const checkRules = (): ValidateFunction<AdaptiveSchemaJson> => (rules ??= rulesAjv().compile<AdaptiveSchemaJson>(ADAPTIVE_SCHEMA_RULES));

/**
 * ajv's own draft-07 (its default `Ajv` class, whose meta-schema is draft-07, not the 2019-09 or 2020-12
 * classes), used only to check a client's schema against that meta-schema, as data: a schema that passed the
 * rules must still be a draft-07 schema, as the published site reads it. A client's schema is never compiled:
 * an ajv keeps every schema it compiled, and on Node 20 V8 keeps the source of each function ajv makes (enum
 * values are inlined in it), so compiling, even with a throwaway ajv, grew the process by megabytes per write
 * of a large schema, never returned (issue 21 §7, docs/adr/0061). The meta-schema is compiled once.
 */
let draft07: Ajv | undefined;

/**
 * The rule a client's `jsonSchema` breaks, as a 400 message naming the property (`where` is its place in
 * the request, e.g. `body.jsonSchema`), or undefined when it may be stored.
 */
export function adaptiveSchemaProblem(value: unknown, where: string): string | undefined {
  const check = checkRules();
  if (!check(value)) return describe(where, check.errors![0]);
  draft07 ??= new Ajv({ strict: true });
  if (!draft07.validateSchema(value)) return `${where} is not a draft-07 JSON Schema: ${draft07.errorsText(draft07.errors, { dataVar: where })}`;
  return undefined;
}

/** Narrows a stored value to a schema that follows the rules (what was stored passed them). */
export const isAdaptiveSchema = (value: unknown): value is AdaptiveSchemaJson => checkRules()(value);

function describe(where: string, error: ErrorObject): string {
  const path = `${where}${error.instancePath.split('/').slice(1).map(unescapePointer).map(step).join('')}`;
  const rule = ruleAt(error.schemaPath);
  const what = whatIsWrong(path, error);
  return rule ? `${what} (rule: ${rule})` : what;
}

const unescapePointer = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');
const step = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`);

function whatIsWrong(path: string, error: ErrorObject): string {
  const params: Record<string, unknown> = error.params;
  if (error.propertyName !== undefined) return `${path} has a claim named ${JSON.stringify(error.propertyName)}: its name ${error.message ?? 'is not allowed'}`;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${path}${step(String(params.additionalProperty))} is not allowed`;
    case 'required':
      return `${path}${step(String(params.missingProperty))} is required`;
    case 'const':
      return `${path} must be ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `${path} must be one of ${JSON.stringify(params.allowedValues)}`;
    case 'false schema':
      return `${path} is not allowed`;
    default:
      return `${path} ${error.message ?? 'is not allowed'}`;
  }
}

/** The innermost `rule` on the way from the rules' root to the keyword that failed. */
function ruleAt(schemaPath: string): string | undefined {
  let node: unknown = ADAPTIVE_SCHEMA_RULES;
  let rule: string | undefined;
  // ajv writes the schema path as a URI fragment: `$schema` is `%24schema`.
  for (const token of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean).map((t) => unescapePointer(decodeURIComponent(t)))) {
    if (typeof node !== 'object' || node === null) break;
    const record: Record<string, unknown> = { ...node };
    if (typeof record.rule === 'string') rule = record.rule;
    node = record[token];
  }
  if (typeof node === 'object' && node !== null && 'rule' in node && typeof node.rule === 'string') rule = node.rule;
  return rule;
}
