import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { loadOfficialReleases } from './official-releases';
import { describeError, EMOJI_FORMAT } from './validate';

/**
 * Checks a value against an official component schema of the newest `@gitbook/api` release as GitBook publishes
 * it (OpenAPI 3.1, JSON Schema 2020-12): what a request carries that the API stores as is (a JSON document, docs/adr/0072).
 * Each schema is compiled on its first use and kept; the release's parse is not.
 */
const validators = new Map<string, ValidateFunction>();

/** `pointer` (a JSON pointer into the newest release: a component schema, or an operation's inline body) compiled once. */
function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    const [newest] = loadOfficialReleases();
    // Not strict: the spec carries OpenAPI's own keywords (`example`, `discriminator` without its mappings).
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
    addFormats(ajv);
    ajv.addFormat('emoji', EMOJI_FORMAT);
    // An icon's name (`check`, `github`): a string, which the schema's own type already requires.
    ajv.addFormat('icon', true);
    ajv.addSchema({ $id: 'official', components: { schemas: newest.components.schemas }, paths: newest.paths });
    validate = ajv.compile({ $ref: `official#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

function validatorOf(name: string): ValidateFunction {
  const [newest] = loadOfficialReleases();
  if (!newest.components.schemas?.[name]) throw new Error(`@gitbook/api ${newest.version} has no schema ${name}`);
  return validatorAt(`/components/schemas/${name}`);
}

/** The JSON body schema of an official operation, where the spec writes it inline rather than as a component. */
function bodyValidatorOf(operationId: string): ValidateFunction {
  const [newest] = loadOfficialReleases();
  const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
  for (const [template, item] of Object.entries(newest.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.operationId === operationId) return validatorAt(`/paths/${escape(template)}/${method}/requestBody/content/application~1json/schema`);
    }
  }
  throw new Error(`@gitbook/api ${newest.version} has no operation ${operationId}`);
}

/**
 * Why `value` is not an official `name`, or undefined when it is one. Of the errors, the deepest: where a union
 * (`oneOf` of block types) failed, it is the one in the branch that got furthest, not the first branch's.
 */
export function officialSchemaError(name: string, value: unknown, where: string): string | undefined {
  return errorOf(validatorOf(name), name, value, where);
}

/** Why `value` is not the JSON body of the official operation `operationId` (its inline schema), or undefined. */
export function officialBodyError(operationId: string, value: unknown, where: string): string | undefined {
  return errorOf(bodyValidatorOf(operationId), `${operationId} body`, value, where);
}

function errorOf(validate: ValidateFunction, name: string, value: unknown, where: string): string | undefined {
  if (validate(value)) return undefined;
  const depth = (e: ErrorObject) => e.instancePath.split('/').length;
  const errors = validate.errors ?? [];
  const deepest = errors.reduce<ErrorObject | undefined>((best, e) => (!best || depth(e) > depth(best) ? e : best), undefined);
  if (!deepest) return `${where} is not an official ${name}`;
  // A value no branch of a union allows (a block type): every branch's allowed values, not the first branch's.
  if (deepest.keyword === 'enum') {
    const allowed = errors.filter((e) => e.keyword === 'enum' && e.instancePath === deepest.instancePath).flatMap((e) => e.params.allowedValues as unknown[]);
    return describeError(where, { ...deepest, params: { allowedValues: [...new Set(allowed)] } });
  }
  return describeError(where, deepest);
}
