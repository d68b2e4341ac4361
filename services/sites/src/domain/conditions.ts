import jsep from 'jsep';
import { declaredClaims, UNSIGNED, type AdaptiveSchemaJson, type ClaimType, type DeclaredClaim } from './adaptive-schema';

/**
 * The condition language of adaptive content (docs/adr/0039), e.g. `visitor.claims.isBetaUser == true &&
 * !visitor.claims.unsigned.isInternal`: claim reads, literals, `!`, `&&`, `||`, equalities, orderings, unary `-`
 * and parentheses, nothing else. jsep parses the text and its tree never leaves this file: it becomes the closed
 * `ConditionNode` union, all the checker and the evaluator know; nothing is ever run as code. Pure; the language
 * in full: docs/design/adaptive-content-conditions.md.
 */

/** Longest condition accepted, in characters. */
export const CONDITION_MAX_LENGTH = 1000;
/** Deepest tree accepted (a chain of 40 `||` terms fits; what does not is not a condition someone writes). */
export const CONDITION_MAX_DEPTH = 64;

export type EqualityOperator = '==' | '!=';
export type OrderingOperator = '<' | '<=' | '>' | '>=';

/** The whole language. A claim is `[name]` (signed) or `['unsigned', name]`. */
export type ConditionNode =
  | { kind: 'literal'; value: boolean | number | string | null }
  | { kind: 'claim'; path: [string] | [typeof UNSIGNED, string] }
  | { kind: 'not'; operand: ConditionNode }
  | { kind: 'negate'; operand: ConditionNode }
  | { kind: 'logical'; operator: '&&' | '||'; left: ConditionNode; right: ConditionNode }
  | { kind: 'equality'; operator: EqualityOperator; left: ConditionNode; right: ConditionNode }
  | { kind: 'ordering'; operator: OrderingOperator; left: ConditionNode; right: ConditionNode };

export type ParsedCondition = { ok: true; ast: ConditionNode } | { ok: false; problem: string };

const EQUALITY: Record<string, EqualityOperator> = { '==': '==', '===': '==', '!=': '!=', '!==': '!=' };
const ORDERING: Record<string, OrderingOperator> = { '<': '<', '<=': '<=', '>': '>', '>=': '>=' };
const LOGICAL: Record<string, '&&' | '||'> = { '&&': '&&', '||': '||' };
const ALLOWED_OPERATORS = '!, &&, ||, ==, !=, <, <=, >, >= (and unary - on numbers)';

/** A refusal while turning jsep's tree into ours; caught in parseCondition, never escapes. */
class Refused extends Error {}
const refuse = (problem: string): never => {
  throw new Refused(problem);
};

const own = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/**
 * Parses and shape-checks a condition: well-formed, within the bounds, only the allowed nodes and
 * operators, only `visitor.claims` paths. Which claims exist and the types are `conditionProblem`'s job.
 */
export function parseCondition(expression: string): ParsedCondition {
  if (expression.length > CONDITION_MAX_LENGTH) return { ok: false, problem: `the condition is longer than ${CONDITION_MAX_LENGTH} characters` };
  if (expression.trim() === '') return { ok: false, problem: 'the condition is empty' };
  let tree: jsep.Expression;
  try {
    tree = jsep(expression);
  } catch (err) {
    return { ok: false, problem: `the condition is not a well-formed expression: ${err instanceof Error ? err.message : String(err)}` };
  }
  try {
    return { ok: true, ast: convert(tree, 1) };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, problem: err.message };
    throw err;
  }
}

function convert(node: jsep.Expression, depth: number): ConditionNode {
  if (depth > CONDITION_MAX_DEPTH) refuse(`the condition nests deeper than ${CONDITION_MAX_DEPTH} levels`);
  const child = (n: unknown) => convert(expressionOf(n), depth + 1);
  switch (node.type) {
    case 'Literal':
      return { kind: 'literal', value: literalValue(node.value) };
    case 'Identifier':
    case 'MemberExpression':
      return { kind: 'claim', path: claimPath(node) };
    case 'UnaryExpression':
      if (node.operator === '!') return { kind: 'not', operand: child(node.argument) };
      if (node.operator === '-') return { kind: 'negate', operand: child(node.argument) };
      return refuse(`the operator "${String(node.operator)}" is not allowed (allowed: ${ALLOWED_OPERATORS})`);
    case 'BinaryExpression': {
      const operator = String(node.operator);
      const left = child(node.left);
      const right = child(node.right);
      if (own(LOGICAL, operator)) return { kind: 'logical', operator: LOGICAL[operator], left, right };
      if (own(EQUALITY, operator)) return { kind: 'equality', operator: EQUALITY[operator], left, right };
      if (own(ORDERING, operator)) return { kind: 'ordering', operator: ORDERING[operator], left, right };
      return refuse(`the operator "${operator}" is not allowed (allowed: ${ALLOWED_OPERATORS})`);
    }
    case 'CallExpression':
      return refuse('function calls are not allowed in a condition');
    case 'ConditionalExpression':
      return refuse('the ?: operator is not allowed in a condition (combine with && and ||)');
    case 'Compound':
    case 'SequenceExpression':
      return refuse('a condition is one expression (no commas, semicolons or juxtaposed terms)');
    case 'ArrayExpression':
      return refuse('arrays are not allowed in a condition');
    case 'ThisExpression':
      return refuse('"this" is not allowed in a condition');
    default:
      return refuse(`${node.type} is not allowed in a condition`);
  }
}

/** jsep types its children loosely; every child this file reads is an expression node. */
function isExpression(value: unknown): value is jsep.Expression {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}

function expressionOf(value: unknown): jsep.Expression {
  return isExpression(value) ? value : refuse('the condition is not a well-formed expression');
}

function literalValue(value: unknown): boolean | number | string | null {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return refuse(`the literal ${String(value)} is not allowed (booleans, finite numbers, strings and null are)`);
}

/**
 * The claim a member chain reads: `visitor.claims.<claim>` or `visitor.claims.unsigned.<claim>`, each step a
 * name or a bracket holding a string literal. Anything else (another root, a computed key, a deeper path) is refused.
 */
function claimPath(node: jsep.Expression): [string] | [typeof UNSIGNED, string] {
  const steps: string[] = [];
  let at = node;
  while (at.type === 'MemberExpression') {
    steps.unshift(memberName(expressionOf(at.property), at.computed === true));
    at = expressionOf(at.object);
  }
  if (at.type === 'ThisExpression') return refuse('"this" is not allowed in a condition');
  if (at.type !== 'Identifier') return refuse('a condition may only read visitor.claims.<claim> and visitor.claims.unsigned.<claim>');
  const text = [String(at.name), ...steps].join('.');
  const [root, claims, ...rest] = [String(at.name), ...steps];
  if (root !== 'visitor' || claims !== 'claims' || rest.length === 0) {
    return refuse(`"${text}" cannot be read: a condition may only read visitor.claims.<claim> and visitor.claims.unsigned.<claim>`);
  }
  if (rest.length === 1) return [rest[0]];
  if (rest.length === 2 && rest[0] === UNSIGNED) return [UNSIGNED, rest[1]];
  return refuse(`"${text}" cannot be read: claims are one level deep (visitor.claims.<claim>, visitor.claims.unsigned.<claim>)`);
}

function memberName(property: jsep.Expression, computed: boolean): string {
  if (!computed && property.type === 'Identifier') return String(property.name);
  if (computed && property.type === 'Literal' && typeof property.value === 'string') return property.value;
  return refuse('a claim in brackets must be named by a string literal, e.g. visitor.claims["isBetaUser"]');
}

/** The text of a node, for problem messages. */
export function conditionText(node: ConditionNode): string {
  switch (node.kind) {
    case 'literal':
      return JSON.stringify(node.value);
    case 'claim':
      return `visitor.claims${node.path.map((step) => (/^[A-Za-z_$][\w$]*$/.test(step) ? `.${step}` : `[${JSON.stringify(step)}]`)).join('')}`;
    case 'not':
      return `!${operandText(node.operand)}`;
    case 'negate':
      return `-${operandText(node.operand)}`;
    default:
      return `${operandText(node.left)} ${node.operator} ${operandText(node.right)}`;
  }
}

/** A nested operation in parentheses, so the text keeps the tree's grouping. */
const operandText = (node: ConditionNode) =>
  node.kind === 'logical' || node.kind === 'equality' || node.kind === 'ordering' ? `(${conditionText(node)})` : conditionText(node);

// ---------------------------------------------------------------------------------------------------------
// Static check

type ValueType = ClaimType | 'null';

/**
 * Why `expression` cannot be a condition of a site with this adaptive schema, or undefined when it can: it
 * parses (parseCondition), every claim it reads is declared by the schema (a site without a schema declares
 * none, so only conditions made of literals pass), and it is a boolean: `!`, `&&` and `||` take booleans,
 * `==`/`!=` compare values of one type (or with null), `<` `<=` `>` `>=` two numbers or two strings, and a
 * claim standing alone must be a boolean claim. The text is a sentence without a field name: prefix it.
 */
export function conditionProblem(expression: string, schema: AdaptiveSchemaJson | null): string | undefined {
  const parsed = parseCondition(expression);
  if (!parsed.ok) return parsed.problem;
  try {
    const type = typeOf(parsed.ast, declaredClaims(schema));
    if (type !== 'boolean') {
      const hint = parsed.ast.kind === 'claim' ? ` (a ${type} claim: compare it, e.g. ${conditionText(parsed.ast)} == ${type === 'number' ? '1' : '"value"'})` : '';
      return `the condition must evaluate to a boolean, but ${conditionText(parsed.ast)} is a ${type}${hint}`;
    }
    return undefined;
  } catch (err) {
    if (err instanceof Refused) return err.message;
    throw err;
  }
}

function typeOf(node: ConditionNode, claims: { signed: DeclaredClaim[]; unsigned: DeclaredClaim[] }): ValueType {
  const expect = (operand: ConditionNode, wanted: ValueType, role: string) => {
    const type = typeOf(operand, claims);
    if (type !== wanted) refuse(`${role} takes a ${wanted}, but ${conditionText(operand)} is a ${type}`);
  };
  switch (node.kind) {
    case 'literal':
      return literalType(node.value);
    case 'claim':
      return claimType(node.path, claims);
    case 'not':
      expect(node.operand, 'boolean', '"!"');
      return 'boolean';
    case 'negate':
      expect(node.operand, 'number', 'unary "-"');
      return 'number';
    case 'logical':
      expect(node.left, 'boolean', `"${node.operator}"`);
      expect(node.right, 'boolean', `"${node.operator}"`);
      return 'boolean';
    case 'equality': {
      const left = typeOf(node.left, claims);
      const right = typeOf(node.right, claims);
      if (left !== right && left !== 'null' && right !== 'null') {
        refuse(`${conditionText(node)} compares a ${left} with a ${right}, which is never equal`);
      }
      return 'boolean';
    }
    case 'ordering': {
      const left = typeOf(node.left, claims);
      const right = typeOf(node.right, claims);
      if (left !== right || (left !== 'number' && left !== 'string')) {
        refuse(`"${node.operator}" compares two numbers or two strings, but ${conditionText(node)} compares a ${left} with a ${right}`);
      }
      return 'boolean';
    }
  }
}

function literalType(value: boolean | number | string | null): ValueType {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'boolean';
  return typeof value === 'number' ? 'number' : 'string';
}

function claimType(path: [string] | [typeof UNSIGNED, string], claims: { signed: DeclaredClaim[]; unsigned: DeclaredClaim[] }): ClaimType {
  const [first, second] = path;
  const text = conditionText({ kind: 'claim', path });
  const list = second === undefined ? claims.signed : claims.unsigned;
  const name = second ?? first;
  if (second === undefined && first === UNSIGNED) return refuse(`${text} is the object of unsigned claims, not a claim: read one of them (visitor.claims.unsigned.<claim>)`);
  const claim = list.find((c) => c.name === name);
  if (!claim) {
    const names = list.map((c) => c.name);
    const known = names.length ? `declared: ${names.join(', ')}` : second === undefined ? 'it declares no signed claim' : 'it declares no unsigned claim';
    return refuse(`${text} is not a claim the site's adaptive schema declares (${known})`);
  }
  return claim.type;
}

// ---------------------------------------------------------------------------------------------------------
// Evaluation

/** Claims as a visitor's token or cookie carries them: untrusted, any shape. */
export interface Visitor {
  claims: Record<string, unknown>;
}

type Value = boolean | number | string | null | undefined;

/**
 * Whether a visitor sees what the condition guards. Total: any claims, of any shape, give true or false and
 * never throw. A missing claim, or one that is not a boolean, number, string or null, reads as undefined;
 * a claim is looked up as the visitor's own property only (never `constructor`, `__proto__` or anything
 * inherited). `!`, `&&`, `||` treat anything but `true` as false; `==` is strict equality except that null
 * and a missing claim are equal; `<` `<=` `>` `>=` are false unless both sides are numbers or both strings.
 */
export function evaluateCondition(ast: ConditionNode, visitor: Visitor): boolean {
  return valueOf(ast, visitor.claims) === true;
}

function valueOf(node: ConditionNode, claims: unknown): Value {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'claim':
      return readClaim(claims, node.path);
    case 'not':
      return valueOf(node.operand, claims) !== true;
    case 'negate': {
      const value = valueOf(node.operand, claims);
      return typeof value === 'number' ? -value : undefined;
    }
    case 'logical':
      return node.operator === '&&'
        ? valueOf(node.left, claims) === true && valueOf(node.right, claims) === true
        : valueOf(node.left, claims) === true || valueOf(node.right, claims) === true;
    case 'equality': {
      const equal = sameValue(valueOf(node.left, claims), valueOf(node.right, claims));
      return node.operator === '==' ? equal : !equal;
    }
    case 'ordering':
      return ordered(node.operator, valueOf(node.left, claims), valueOf(node.right, claims));
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readClaim(claims: unknown, path: readonly string[]): Value {
  let at: unknown = claims;
  for (const step of path) {
    if (!isRecord(at) || !own(at, step)) return undefined;
    at = at[step];
  }
  if (at === null || typeof at === 'boolean' || typeof at === 'string' || (typeof at === 'number' && !Number.isNaN(at))) return at;
  return undefined;
}

function sameValue(left: Value, right: Value): boolean {
  if (left == null && right == null) return true;
  return left === right;
}

function ordered(operator: OrderingOperator, left: Value, right: Value): boolean {
  if (typeof left === 'number' && typeof right === 'number') return compare(operator, left, right);
  if (typeof left === 'string' && typeof right === 'string') return compare(operator, left, right);
  return false;
}

function compare<T extends number | string>(operator: OrderingOperator, left: T, right: T): boolean {
  switch (operator) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
  }
}
