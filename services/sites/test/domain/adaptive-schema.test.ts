import { adaptiveSchemaProblem, isAdaptiveSchema } from '../../src/domain/adaptive-schema-rules';
import { declaredClaims, defaultAdaptiveSchema, DRAFT_07, UNSIGNED_DESCRIPTION, type AdaptiveSchemaJson } from '../../src/domain/adaptive-schema';
import { templateConditions } from '../../src/domain/adaptive-templates';
import { conditionProblem } from '../../src/domain/conditions';

const valid = () => ({
  $schema: DRAFT_07,
  type: 'object',
  properties: {
    isBetaUser: { type: 'boolean', description: 'Whether the visitor is a beta user.' },
    'has-sso': { type: 'boolean', description: 'Signs in with SSO.' },
    unsigned: {
      type: 'object',
      description: UNSIGNED_DESCRIPTION,
      properties: {
        language: { type: 'string', description: 'Preferred language.' },
        plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan.' },
        seats: { type: 'number', description: 'Seats bought.' },
        isTrial: { type: 'boolean', description: 'On a trial.' },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
});

const problem = (value: unknown) => adaptiveSchemaProblem(value, 'body.jsonSchema');

describe('adaptiveSchemaProblem', () => {
  test('The interface\'s schema passes: with or without $schema, with or without unsigned claims, with no claim at all', () => {
    expect(problem(valid())).toBeUndefined();
    const { $schema: _, ...withoutSchema } = valid();
    expect(problem(withoutSchema)).toBeUndefined();
    expect(problem({ type: 'object', properties: { isBetaUser: { type: 'boolean', description: 'Beta.' } }, additionalProperties: false })).toBeUndefined();
    expect(problem({ type: 'object', properties: {}, additionalProperties: false })).toBeUndefined();
  });

  const broken = (change: (s: ReturnType<typeof valid>) => void) => {
    const s = valid();
    change(s);
    return s;
  };
  const set = (target: object, key: string, value: unknown) => Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });

  test.each<[string, unknown, RegExp]>([
    ['not an object', [], /^body\.jsonSchema must be object \(rule: the adaptive schema has "type", "properties" and "additionalProperties"/],
    ['no type', broken((s) => Reflect.deleteProperty(s, 'type')), /^body\.jsonSchema\.type is required/],
    ['type array', broken((s) => set(s, 'type', 'array')), /^body\.jsonSchema\.type must be "object" \(rule: "type" is "object"/],
    ['no properties', broken((s) => Reflect.deleteProperty(s, 'properties')), /^body\.jsonSchema\.properties is required/],
    ['additionalProperties missing', broken((s) => Reflect.deleteProperty(s, 'additionalProperties')), /^body\.jsonSchema\.additionalProperties is required/],
    ['additionalProperties true', broken((s) => set(s, 'additionalProperties', true)), /^body\.jsonSchema\.additionalProperties must be false \(rule: "additionalProperties" is false/],
    ['another keyword', broken((s) => set(s, 'required', ['isBetaUser'])), /^body\.jsonSchema\.required is not allowed \(rule: the adaptive schema has/],
    ['a 2020-12 $schema', broken((s) => set(s, '$schema', 'https://json-schema.org/draft/2020-12/schema')), /^body\.jsonSchema\.\$schema must be "http:\/\/json-schema\.org\/draft-07\/schema#" \(rule: "\$schema", when present/],
    ['a string claim', broken((s) => set(s.properties, 'plan', { type: 'string', description: 'Plan.' })), /^body\.jsonSchema\.properties\.plan\.type must be "boolean" \(rule: every property other than "unsigned" is a signed claim/],
    ['a claim without description', broken((s) => set(s.properties, 'isBetaUser', { type: 'boolean' })), /^body\.jsonSchema\.properties\.isBetaUser\.description is required \(rule: every property other than "unsigned"/],
    ['an empty description', broken((s) => set(s.properties, 'isBetaUser', { type: 'boolean', description: '' })), /^body\.jsonSchema\.properties\.isBetaUser\.description must NOT have fewer than 1 characters/],
    ['a blank description', broken((s) => set(s.properties, 'isBetaUser', { type: 'boolean', description: '   ' })), /^body\.jsonSchema\.properties\.isBetaUser\.description must match pattern/],
    ['a claim with a default', broken((s) => set(s.properties, 'isBetaUser', { type: 'boolean', description: 'x', default: true })), /^body\.jsonSchema\.properties\.isBetaUser\.default is not allowed \(rule: every property other than "unsigned"/],
    ['a claim that is not an object', broken((s) => set(s.properties, 'isBetaUser', true)), /^body\.jsonSchema\.properties\.isBetaUser must be object/],
    ['a dashed claim with an extra key', broken((s) => set(s.properties, 'has-sso', { type: 'boolean', description: 'x', title: 'SSO' })), /^body\.jsonSchema\.properties\["has-sso"\]\.title is not allowed/],
    ['unsigned not an object type', broken((s) => set(s.properties.unsigned, 'type', 'boolean')), /^body\.jsonSchema\.properties\.unsigned\.type must be "object" \(rule: "unsigned", when present, is/],
    ['unsigned as a boolean claim', broken((s) => set(s.properties, 'unsigned', { type: 'boolean', description: 'x' })), /^body\.jsonSchema\.properties\.unsigned\.properties is required \(rule: "unsigned", when present, is/],
    ['unsigned with another description', broken((s) => set(s.properties.unsigned, 'description', 'Cookies.')), /^body\.jsonSchema\.properties\.unsigned\.description must be "Unsigned claims of the site visitor\."/],
    ['unsigned open', broken((s) => set(s.properties.unsigned, 'additionalProperties', true)), /^body\.jsonSchema\.properties\.unsigned\.additionalProperties must be false/],
    ['unsigned without properties', broken((s) => Reflect.deleteProperty(s.properties.unsigned, 'properties')), /^body\.jsonSchema\.properties\.unsigned\.properties is required/],
    ['an unsigned object claim', broken((s) => set(s.properties.unsigned.properties, 'address', { type: 'object', description: 'x' })), /^body\.jsonSchema\.properties\.unsigned\.properties\.address\.type must be one of \["boolean","number","string"\] \(rule: every unsigned claim is/],
    ['an enum on a number claim', broken((s) => set(s.properties.unsigned.properties, 'seats', { type: 'number', description: 'x', enum: ['1'] })), /^body\.jsonSchema\.properties\.unsigned\.properties\.seats\.enum is not allowed \(rule: every unsigned claim is/],
    ['an empty enum', broken((s) => set(s.properties.unsigned.properties, 'plan', { type: 'string', description: 'x', enum: [] })), /^body\.jsonSchema\.properties\.unsigned\.properties\.plan\.enum must NOT have fewer than 1 items/],
    ['a repeated enum value', broken((s) => set(s.properties.unsigned.properties, 'plan', { type: 'string', description: 'x', enum: ['a', 'a'] })), /plan\.enum must NOT have duplicate items/],
    ['an empty claim name', broken((s) => set(s.properties, '', { type: 'boolean', description: 'x' })), /^body\.jsonSchema\.properties has a claim named "": its name must NOT have fewer than 1 characters \(rule: claim names are 1 to 64 characters\)/],
    ['a 65-character claim name', broken((s) => set(s.properties, 'x'.repeat(65), { type: 'boolean', description: 'x' })), /claim names are 1 to 64 characters/],
    ['101 claims', broken((s) => { for (let i = 0; i < 101; i++) set(s.properties, `c${i}`, { type: 'boolean', description: 'x' }); }), /^body\.jsonSchema\.properties must NOT have more than 100 properties/],
  ])('%s is refused, naming the property and the rule', (_label, value, message) => {
    expect(problem(value)).toMatch(message);
    expect(isAdaptiveSchema(value)).toBe(false);
  });
});

describe('declaredClaims and templateConditions', () => {
  const schema = valid();
  if (!isAdaptiveSchema(schema)) throw new Error('the fixture must be valid');

  test('The claims are read in the order the schema lists them', () => {
    expect(declaredClaims(schema)).toEqual({
      signed: [
        { name: 'isBetaUser', type: 'boolean', description: 'Whether the visitor is a beta user.' },
        { name: 'has-sso', type: 'boolean', description: 'Signs in with SSO.' },
      ],
      unsigned: [
        { name: 'language', type: 'string', description: 'Preferred language.' },
        { name: 'plan', type: 'string', description: 'Plan.', enum: ['free', 'pro'] },
        { name: 'seats', type: 'number', description: 'Seats bought.' },
        { name: 'isTrial', type: 'boolean', description: 'On a trial.' },
      ],
    });
    expect(declaredClaims(null)).toEqual({ signed: [], unsigned: [] });
  });

  test('One template per claim, described like it, each a condition the same site accepts', () => {
    const templates = templateConditions(schema);
    expect(templates).toEqual([
      { description: 'Whether the visitor is a beta user.', condition: 'visitor.claims.isBetaUser == true' },
      { description: 'Signs in with SSO.', condition: 'visitor.claims["has-sso"] == true' },
      { description: 'Preferred language.', condition: 'visitor.claims.unsigned.language != null' },
      { description: 'Plan.', condition: 'visitor.claims.unsigned.plan == "free"' },
      { description: 'Seats bought.', condition: 'visitor.claims.unsigned.seats > 0' },
      { description: 'On a trial.', condition: 'visitor.claims.unsigned.isTrial == true' },
    ]);
    for (const t of templates) expect(conditionProblem(t.condition, schema)).toBeUndefined();
    expect(templateConditions(null)).toEqual([]);
  });

  test('Templates of odd claim names still parse and pass', () => {
    const odd: AdaptiveSchemaJson = {
      type: 'object',
      properties: { 'quote"d': { type: 'boolean', description: 'A quote.' }, 'back\\slash': { type: 'boolean', description: 'A backslash.' }, 'é': { type: 'boolean', description: 'Accent.' } },
      additionalProperties: false,
    };
    expect(problem(odd)).toBeUndefined();
    for (const t of templateConditions(odd)) expect(conditionProblem(t.condition, odd)).toBeUndefined();
  });
});

describe('defaultAdaptiveSchema', () => {
  test('The schema of a site that never set one passes the rules, declares no claim and yields no template, like no schema', () => {
    const schema = defaultAdaptiveSchema();
    expect(schema).toEqual({
      type: 'object',
      properties: { unsigned: { type: 'object', description: UNSIGNED_DESCRIPTION, properties: {}, additionalProperties: false } },
      additionalProperties: false,
    });
    expect(problem(schema)).toBeUndefined();
    expect(declaredClaims(schema)).toEqual(declaredClaims(null));
    expect(templateConditions(schema)).toEqual(templateConditions(null));
    expect(conditionProblem('visitor.claims.unsigned.language == "en"', schema)).toBe(conditionProblem('visitor.claims.unsigned.language == "en"', null));
  });
});
