import type { AdaptiveSchemaJson } from '../../src/domain/adaptive-schema';
import { evaluateCondition, parseCondition } from '../../src/domain/conditions';
import { hasQueriedUnsignedClaims, unsignedClaims, visitorOf } from '../../src/publisher/visitor-claims';

const schema: AdaptiveSchemaJson = {
  type: 'object',
  properties: {
    isBetaUser: { type: 'boolean', description: 'Beta.' },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: {
        language: { type: 'string', description: 'Language.' },
        seats: { type: 'number', description: 'Seats.' },
        trial: { type: 'boolean', description: 'Trial.' },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

const holds = (condition: string, visitor: ReturnType<typeof visitorOf>) => {
  const parsed = parseCondition(condition);
  if (!parsed.ok) throw new Error(parsed.problem);
  return evaluateCondition(parsed.ast, visitor);
};

describe('visitor claims', () => {
  test('When a token has claims, Then they are visitor.claims, and its own "unsigned" is replaced by the unsigned source', () => {
    const visitor = visitorOf({ isBetaUser: true, exp: 1, unsigned: { language: 'forged' } }, { language: 'fr' });
    expect(visitor.claims).toEqual({ isBetaUser: true, exp: 1, unsigned: { language: 'fr' } });
    expect(holds('visitor.claims.isBetaUser == true', visitor)).toBe(true);
    expect(holds('visitor.claims.unsigned.language == "fr"', visitor)).toBe(true);
    expect(holds('visitor.claims.isBetaUser == true', visitorOf(undefined, {}))).toBe(false);
  });

  test('When the public cookie holds JSON, Then the declared unsigned claims of the right type are read, the rest dropped', () => {
    const cookie = '{"language":"de","seats":"3","trial":true,"other":"x","__proto__":{"seats":7}}';
    expect(unsignedClaims(schema, cookie, new URLSearchParams())).toEqual({ language: 'de', trial: true });
  });

  test('When visitor.<claim> query parameters are given, Then they win over the cookie, read as the declared type', () => {
    const query = new URLSearchParams('visitor.language=en&visitor.seats=12&visitor.trial=false&visitor.isBetaUser=true');
    expect(unsignedClaims(schema, JSON.stringify({ language: 'de', seats: 3 }), query)).toEqual({ language: 'en', seats: 12, trial: false });
    expect(unsignedClaims(schema, undefined, new URLSearchParams('visitor.seats=many&visitor.trial=yes'))).toEqual({});
    expect(hasQueriedUnsignedClaims(schema, query)).toBe(true);
    expect(hasQueriedUnsignedClaims(schema, new URLSearchParams('visitor.isBetaUser=true'))).toBe(false);
  });

  test('When the cookie is not JSON, not an object, or oversized, or the site has no schema, Then there are no unsigned claims', () => {
    for (const cookie of ['{nope', '[1]', 'null', JSON.stringify({ language: 'x'.repeat(5000) })]) expect(unsignedClaims(schema, cookie, new URLSearchParams())).toEqual({});
    expect(unsignedClaims(null, JSON.stringify({ language: 'de' }), new URLSearchParams('visitor.language=en'))).toEqual({});
  });
});
