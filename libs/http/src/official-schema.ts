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

function validatorOf(name: string): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    const [newest] = loadOfficialReleases();
    if (!newest.components.schemas?.[name]) throw new Error(`@gitbook/api ${newest.version} has no schema ${name}`);
    // Not strict: the spec carries OpenAPI's own keywords (`example`, `discriminator` without its mappings).
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
    addFormats(ajv);
    ajv.addFormat('emoji', EMOJI_FORMAT);
    // An icon's name (`check`, `github`): a string, which the schema's own type already requires.
    ajv.addFormat('icon', true);
    ajv.addSchema({ $id: 'official', components: { schemas: newest.components.schemas } });
    validate = ajv.compile({ $ref: `official#/components/schemas/${name}` });
    validators.set(name, validate);
  }
  return validate;
}

/**
 * Why `value` is not an official `name`, or undefined when it is one. Of the errors, the deepest: where a union
 * (`oneOf` of block types) failed, it is the one in the branch that got furthest, not the first branch's.
 */
export function officialSchemaError(name: string, value: unknown, where: string): string | undefined {
  const validate = validatorOf(name);
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
