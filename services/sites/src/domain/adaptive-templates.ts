import { declaredClaims, UNSIGNED, type AdaptiveSchemaJson, type DeclaredClaim } from './adaptive-schema';
import { conditionText, type ConditionNode } from './conditions';

/** A condition to start from (GET SITE/adaptive-schema/template-conditions), described like its claim. */
export interface TemplateCondition {
  description: string;
  condition: string;
}

/**
 * One template per declared claim, signed claims first, each in the schema's order. A boolean claim is
 * `== true`; a string claim with an `enum` is compared with its first value; another string claim is
 * `!= null` (the visitor carries it); a number claim is `> 0`. Each is a condition of the same site
 * (conditionProblem accepts it: the unit tests check). Pure.
 */
export function templateConditions(schema: AdaptiveSchemaJson | null): TemplateCondition[] {
  const claims = declaredClaims(schema);
  return [
    ...claims.signed.map((claim) => template(claim, { kind: 'claim', path: [claim.name] })),
    ...claims.unsigned.map((claim) => template(claim, { kind: 'claim', path: [UNSIGNED, claim.name] })),
  ];
}

function template(claim: DeclaredClaim, read: ConditionNode): TemplateCondition {
  return { description: claim.description, condition: conditionText(comparison(claim, read)) };
}

function comparison(claim: DeclaredClaim, read: ConditionNode): ConditionNode {
  switch (claim.type) {
    case 'boolean':
      return { kind: 'equality', operator: '==', left: read, right: { kind: 'literal', value: true } };
    case 'number':
      return { kind: 'ordering', operator: '>', left: read, right: { kind: 'literal', value: 0 } };
    case 'string':
      return claim.enum?.length
        ? { kind: 'equality', operator: '==', left: read, right: { kind: 'literal', value: claim.enum[0] } }
        : { kind: 'equality', operator: '!=', left: read, right: { kind: 'literal', value: null } };
  }
}
