import {
  CONDITION_MAX_DEPTH,
  CONDITION_MAX_LENGTH,
  conditionProblem,
  conditionText,
  evaluateCondition,
  parseCondition,
  type ConditionNode,
} from '../../src/domain/conditions';
import { UNSIGNED_DESCRIPTION, type AdaptiveSchemaJson, type ClaimSchema } from '../../src/domain/adaptive-schema';

// Typed apart: in an object literal, a key named `constructor` loses its contextual type.
const constructorClaim: ClaimSchema = { type: 'boolean', description: 'A claim that happens to be named like a prototype member.' };
const schema: AdaptiveSchemaJson = {
  type: 'object',
  properties: {
    isBetaUser: { type: 'boolean', description: 'Whether the visitor is a beta user.' },
    isAdmin: { type: 'boolean', description: 'Whether the visitor administers their account.' },
    'is-staff': { type: 'boolean', description: 'Staff, named with a dash.' },
    constructor: constructorClaim,
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
};

const ast = (expression: string): ConditionNode => {
  const parsed = parseCondition(expression);
  if (!parsed.ok) throw new Error(`did not parse: ${parsed.problem}`);
  return parsed.ast;
};
const sees = (expression: string, claims: Record<string, unknown>) => evaluateCondition(ast(expression), { claims });

describe('conditionProblem: well-formed conditions on declared claims', () => {
  test.each([
    'visitor.claims.isBetaUser == true',
    'visitor.claims.isBetaUser',
    '!visitor.claims.isBetaUser',
    'visitor.claims.isBetaUser && visitor.claims.isAdmin',
    'visitor.claims.isBetaUser || !visitor.claims.isAdmin',
    '(visitor.claims.isBetaUser || visitor.claims.isAdmin) && visitor.claims.unsigned.isTrial != true',
    'visitor.claims["isBetaUser"] == true',
    'visitor["claims"]["unsigned"]["language"] == "fr"',
    'visitor.claims["is-staff"]',
    'visitor.claims.unsigned.plan == "pro"',
    "visitor.claims.unsigned.plan != 'free'",
    'visitor.claims.unsigned.seats >= 10',
    'visitor.claims.unsigned.seats > -1',
    'visitor.claims.unsigned.seats < 2.5 && visitor.claims.unsigned.seats <= 3',
    'visitor.claims.unsigned.language > "a"',
    'visitor.claims.unsigned.language == null',
    'null != visitor.claims.unsigned.language',
    'visitor.claims.isBetaUser === true',
    'visitor.claims.isBetaUser !== false',
    'visitor.claims?.unsigned?.isTrial',
    'visitor.claims.constructor == true',
    'true',
    '1 < 2',
    '  visitor.claims.isBetaUser  ',
  ])('%s is accepted', (expression) => {
    expect(conditionProblem(expression, schema)).toBeUndefined();
  });
});

describe('conditionProblem: malformed text', () => {
  test.each([
    ['', /empty/],
    ['   ', /empty/],
    ['visitor.claims.isBetaUser ==', /not a well-formed expression/],
    ['(visitor.claims.isBetaUser', /not a well-formed expression/],
    ['visitor.claims.isBetaUser = true', /not a well-formed expression/],
    ['visitor.claims.isBetaUser == true)', /not a well-formed expression/],
    ['"unterminated', /not a well-formed expression/],
    ['`template`', /not a well-formed expression/],
  ])('%j is refused: %s', (expression, problem) => {
    expect(conditionProblem(expression, schema)).toMatch(problem);
  });

  test(`A condition longer than ${CONDITION_MAX_LENGTH} characters is refused before parsing`, () => {
    const long = Array.from({ length: 60 }, () => 'visitor.claims.isBetaUser').join(' || ');
    expect(long.length).toBeGreaterThan(CONDITION_MAX_LENGTH);
    expect(conditionProblem(long, schema)).toMatch(/longer than 1000 characters/);
  });

  test(`A tree deeper than ${CONDITION_MAX_DEPTH} levels is refused, a long flat chain of || is not`, () => {
    expect(conditionProblem(`${'!'.repeat(CONDITION_MAX_DEPTH + 1)}true`, schema)).toMatch(/deeper than 64 levels/);
    expect(conditionProblem(`${'('.repeat(200)}true${')'.repeat(200)}`, schema)).toBeUndefined(); // parentheses add no node
    expect(conditionProblem(Array.from({ length: 30 }, () => 'visitor.claims.isAdmin').join(' || '), schema)).toBeUndefined();
  });
});

describe('conditionProblem: only the language, nothing that could run code', () => {
  test.each([
    ['visitor.claims.isBetaUser()', /function calls are not allowed/],
    ['visitor.claims.constructor.constructor("return process")()', /function calls are not allowed/],
    ['eval("1")', /function calls are not allowed/],
    ['Function("return 1")()', /function calls are not allowed/],
    ['visitor.claims.__proto__', /visitor\.claims\.__proto__ is not a claim the site's adaptive schema declares/],
    ['visitor.claims["__proto__"] == null', /__proto__ is not a claim/],
    ['visitor.claims.hasOwnProperty', /hasOwnProperty is not a claim/],
    ['visitor.constructor', /"visitor.constructor" cannot be read/],
    ['visitor.claims.constructor.prototype', /claims are one level deep/],
    ['visitor.claims.isBetaUser.valueOf', /claims are one level deep/],
    ['process.env', /"process.env" cannot be read/],
    ['globalThis', /"globalThis" cannot be read/],
    ['undefined == null', /"undefined" cannot be read/],
    ['visitor', /"visitor" cannot be read/],
    ['visitor.claims', /"visitor.claims" cannot be read/],
    ['visitor.claims[visitor.claims.isAdmin]', /string literal/],
    ['visitor.claims[0]', /string literal/],
    ["this.claims", /"this" is not allowed/],
    ["(1).x == 1", /may only read visitor.claims/],
    ['[visitor.claims.isAdmin][0]', /arrays are not allowed|string literal/],
    ['visitor.claims.isAdmin ? true : false', /\?: operator is not allowed/],
    ['visitor.claims.isAdmin, true', /one expression/],
    ['visitor.claims.isAdmin; true', /one expression/],
    ['visitor.claims.unsigned.seats + 1 > 2', /operator "\+" is not allowed/],
    ['visitor.claims.unsigned.seats * 2 > 2', /operator "\*" is not allowed/],
    ['visitor.claims.isAdmin | true', /operator "\|" is not allowed/],
    ['visitor.claims.isAdmin ?? true', /operator "\?\?" is not allowed/],
    ['~visitor.claims.unsigned.seats == 1', /operator "~" is not allowed/],
    ['+visitor.claims.unsigned.seats == 1', /operator "\+" is not allowed/],
  ])('%s is refused', (expression, problem) => {
    expect(conditionProblem(expression, schema)).toMatch(problem);
  });
});

describe('conditionProblem: claims the schema does not declare', () => {
  test('An unknown signed or unsigned claim is named, with the declared ones', () => {
    expect(conditionProblem('visitor.claims.isPremium == true', schema)).toBe(
      "visitor.claims.isPremium is not a claim the site's adaptive schema declares (declared: isBetaUser, isAdmin, is-staff, constructor)",
    );
    expect(conditionProblem('visitor.claims.unsigned.region == "eu"', schema)).toBe(
      "visitor.claims.unsigned.region is not a claim the site's adaptive schema declares (declared: language, plan, seats, isTrial)",
    );
    // A signed claim is not an unsigned one, and the other way round.
    expect(conditionProblem('visitor.claims.unsigned.isBetaUser', schema)).toMatch(/unsigned\.isBetaUser is not a claim/);
    expect(conditionProblem('visitor.claims.isTrial', schema)).toMatch(/visitor\.claims\.isTrial is not a claim/);
  });

  test('A site without a schema declares no claim: every claim is refused, literals alone pass', () => {
    expect(conditionProblem('visitor.claims.isBetaUser == true', null)).toBe(
      "visitor.claims.isBetaUser is not a claim the site's adaptive schema declares (it declares no signed claim)",
    );
    expect(conditionProblem('visitor.claims.unsigned.language == "fr"', null)).toMatch(/it declares no unsigned claim/);
    expect(conditionProblem('true', null)).toBeUndefined();
  });

  test('The unsigned object itself is not a claim', () => {
    expect(conditionProblem('visitor.claims.unsigned', schema)).toMatch(/is the object of unsigned claims, not a claim/);
    expect(conditionProblem('visitor.claims.unsigned == null', schema)).toMatch(/is the object of unsigned claims/);
  });
});

describe('conditionProblem: the result must be a boolean', () => {
  test.each([
    ['visitor.claims.unsigned.language', /must evaluate to a boolean, but visitor\.claims\.unsigned\.language is a string \(a string claim: compare it/],
    ['visitor.claims.unsigned.seats', /is a number/],
    ['"yes"', /must evaluate to a boolean, but "yes" is a string/],
    ['42', /is a number/],
    ['null', /is a null/],
    ['-visitor.claims.unsigned.seats', /is a number/],
    ['!visitor.claims.unsigned.language', /"!" takes a boolean, but visitor\.claims\.unsigned\.language is a string/],
    ['visitor.claims.isAdmin && visitor.claims.unsigned.plan', /"&&" takes a boolean, but visitor\.claims\.unsigned\.plan is a string/],
    ['visitor.claims.unsigned.seats || true', /"\|\|" takes a boolean/],
    ['-visitor.claims.isAdmin == 1', /unary "-" takes a number, but visitor\.claims\.isAdmin is a boolean/],
    ['visitor.claims.isBetaUser == "true"', /compares a boolean with a string, which is never equal/],
    ['visitor.claims.unsigned.seats == "10"', /compares a number with a string/],
    ['visitor.claims.isBetaUser > false', /">" compares two numbers or two strings, but .* compares a boolean with a boolean/],
    ['visitor.claims.unsigned.seats < "3"', /compares a number with a string/],
    ['visitor.claims.unsigned.language <= null', /compares a string with a null/],
  ])('%s is refused', (expression, problem) => {
    expect(conditionProblem(expression, schema)).toMatch(problem);
  });
});

describe('evaluateCondition', () => {
  test('A boolean claim: true only when the visitor carries true', () => {
    expect(sees('visitor.claims.isBetaUser', { isBetaUser: true })).toBe(true);
    expect(sees('visitor.claims.isBetaUser', { isBetaUser: false })).toBe(false);
    expect(sees('visitor.claims.isBetaUser', {})).toBe(false);
    expect(sees('visitor.claims.isBetaUser', { isBetaUser: 'true' })).toBe(false);
    expect(sees('visitor.claims.isBetaUser == true', { isBetaUser: 1 })).toBe(false);
    expect(sees('visitor.claims["is-staff"]', { 'is-staff': true })).toBe(true);
  });

  test.each([
    [true, true],
    [true, false],
    [false, true],
    [false, false],
    [undefined, true],
    [true, undefined],
    [undefined, undefined],
  ])('Truth table: a=%s b=%s', (a, b) => {
    const claims: Record<string, unknown> = {};
    if (a !== undefined) claims.isBetaUser = a;
    if (b !== undefined) claims.isAdmin = b;
    const A = a === true;
    const B = b === true;
    expect(sees('visitor.claims.isBetaUser && visitor.claims.isAdmin', claims)).toBe(A && B);
    expect(sees('visitor.claims.isBetaUser || visitor.claims.isAdmin', claims)).toBe(A || B);
    expect(sees('!visitor.claims.isBetaUser', claims)).toBe(!A);
    expect(sees('!(visitor.claims.isBetaUser && visitor.claims.isAdmin)', claims)).toBe(!(A && B));
    expect(sees('!visitor.claims.isBetaUser || visitor.claims.isAdmin', claims)).toBe(!A || B);
    expect(sees('visitor.claims.isBetaUser == visitor.claims.isAdmin', claims)).toBe(a === b);
    expect(sees('visitor.claims.isBetaUser != visitor.claims.isAdmin', claims)).toBe(a !== b);
  });

  test('Precedence: && binds tighter than ||, ! tighter than both', () => {
    expect(sees('true || false && false', {})).toBe(true);
    expect(sees('(true || false) && false', {})).toBe(false);
    expect(sees('!false && false', {})).toBe(false);
  });

  test('Comparisons: strict equality, null equals a missing claim, ordering only between numbers or between strings', () => {
    expect(sees('visitor.claims.unsigned.plan == "pro"', { unsigned: { plan: 'pro' } })).toBe(true);
    expect(sees('visitor.claims.unsigned.plan == "pro"', { unsigned: { plan: 'free' } })).toBe(false);
    expect(sees('visitor.claims.unsigned.plan != "pro"', { unsigned: {} })).toBe(true);
    expect(sees('visitor.claims.unsigned.seats == 10', { unsigned: { seats: '10' } })).toBe(false);
    expect(sees('visitor.claims.unsigned.language == null', {})).toBe(true);
    expect(sees('visitor.claims.unsigned.language == null', { unsigned: { language: null } })).toBe(true);
    expect(sees('visitor.claims.unsigned.language == null', { unsigned: { language: 'fr' } })).toBe(false);
    expect(sees('visitor.claims.unsigned.seats >= 10', { unsigned: { seats: 10 } })).toBe(true);
    expect(sees('visitor.claims.unsigned.seats > 10', { unsigned: { seats: 10 } })).toBe(false);
    expect(sees('visitor.claims.unsigned.seats < 10', { unsigned: { seats: 9.5 } })).toBe(true);
    expect(sees('visitor.claims.unsigned.seats <= 10', { unsigned: { seats: '9' } })).toBe(false);
    expect(sees('visitor.claims.unsigned.seats > -1', { unsigned: { seats: 0 } })).toBe(true);
    expect(sees('visitor.claims.unsigned.seats < 10', {})).toBe(false);
    expect(sees('visitor.claims.unsigned.seats >= 10', {})).toBe(false);
    expect(sees('visitor.claims.unsigned.language > "de"', { unsigned: { language: 'fr' } })).toBe(true);
  });

  test('Claims of any shape never throw: wrong types, objects, arrays, null unsigned, inherited names', () => {
    const odd: Array<Record<string, unknown>> = [
      {},
      { unsigned: null },
      { unsigned: 'text' },
      { unsigned: [1, 2] },
      { unsigned: { plan: { nested: true } } },
      { isBetaUser: { valueOf: 'x' } },
      { isBetaUser: [true] },
      { unsigned: { seats: Number.NaN } },
      Object.create(null),
    ];
    const expressions = [
      'visitor.claims.isBetaUser',
      '!visitor.claims.isBetaUser',
      'visitor.claims.unsigned.plan == "pro"',
      'visitor.claims.unsigned.seats > 1',
      '-visitor.claims.unsigned.seats < 0',
      'visitor.claims.unsigned.language == null',
    ];
    for (const claims of odd) for (const e of expressions) expect(typeof sees(e, claims)).toBe('boolean');
    expect(sees('visitor.claims.isBetaUser', { isBetaUser: [true] })).toBe(false);
    expect(sees('visitor.claims.unsigned.plan == null', { unsigned: { plan: { nested: true } } })).toBe(true);
  });

  test('Only own properties are read: a claim named constructor is the visitor\'s, never the prototype\'s', () => {
    expect(sees('visitor.claims.constructor == true', {})).toBe(false);
    expect(sees('visitor.claims.constructor == null', {})).toBe(true);
    expect(sees('visitor.claims.constructor == true', { constructor: true })).toBe(true);
    // A JSON payload can carry an own __proto__ key; it is read as data, and nothing is polluted.
    const claims = JSON.parse('{"__proto__": {"isBetaUser": true}}');
    expect(sees('visitor.claims.isBetaUser', claims)).toBe(false);
    expect(({} as Record<string, unknown>).isBetaUser).toBeUndefined();
  });
});

describe('parseCondition and conditionText', () => {
  test('The tree is the language, not jsep\'s: claims are paths, === is ==', () => {
    expect(ast('visitor["claims"].unsigned["plan"] === "pro"')).toEqual({
      kind: 'equality',
      operator: '==',
      left: { kind: 'claim', path: ['unsigned', 'plan'] },
      right: { kind: 'literal', value: 'pro' },
    });
  });

  test('conditionText gives back a condition that means the same', () => {
    for (const e of ['visitor.claims["is-staff"] && !(visitor.claims.isAdmin || false)', 'visitor.claims.unsigned.seats > -1 || visitor.claims.unsigned.plan != "free"']) {
      expect(ast(conditionText(ast(e)))).toEqual(ast(e));
    }
  });
});
