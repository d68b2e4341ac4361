/**
 * A site's adaptive schema: the draft-07 JSON Schema of the claims its visitors carry (docs/adr/0039). This
 * file is the shape and what it declares; `adaptive-schema-rules.ts` checks a schema a client sends. Pure.
 */

/** The description the official schema requires of the `unsigned` property, word for word. */
export const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.';
/** The only `$schema` the official SiteAdaptiveJSONSchema allows. */
export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
/** The property that holds the unsigned claims, beside the signed ones. */
export const UNSIGNED = 'unsigned';

export type ClaimType = 'boolean' | 'string' | 'number';

/** One claim: a signed claim is always a boolean; an unsigned one a boolean, number or string (maybe an enum). */
export interface ClaimSchema {
  type: ClaimType;
  description: string;
  enum?: string[];
}

/** The `unsigned` property: an object of unsigned claims. */
export interface UnsignedClaimsSchema {
  type: 'object';
  description: string;
  properties: Record<string, ClaimSchema>;
  additionalProperties: false;
}

/**
 * A stored adaptive schema (it passed the rules when it was written). `properties` maps each signed claim
 * to its ClaimSchema, and `unsigned` (when present) to an UnsignedClaimsSchema: TypeScript cannot say
 * "every key but one", so the union is read through `declaredClaims`.
 */
export interface AdaptiveSchemaJson {
  $schema?: string;
  type: 'object';
  properties: Record<string, ClaimSchema | UnsignedClaimsSchema>;
  additionalProperties: false;
}

/**
 * The schema every site has until one is set (as GitBook answers it): no signed claims and an empty
 * `unsigned` object. It declares nothing, like no schema at all, so conditions and templates read the same.
 */
export const defaultAdaptiveSchema = (): AdaptiveSchemaJson => ({
  type: 'object',
  properties: {
    [UNSIGNED]: { type: 'object', description: UNSIGNED_DESCRIPTION, properties: {}, additionalProperties: false },
  },
  additionalProperties: false,
});

export interface DeclaredClaim {
  name: string;
  type: ClaimType;
  description: string;
  enum?: string[];
}

/** The claims a schema declares, signed and unsigned, in the order the schema lists them. */
export interface DeclaredClaims {
  signed: DeclaredClaim[];
  unsigned: DeclaredClaim[];
}

const isUnsignedClaims = (value: ClaimSchema | UnsignedClaimsSchema): value is UnsignedClaimsSchema => value.type === 'object';

const declared = (name: string, claim: ClaimSchema): DeclaredClaim => ({
  name,
  type: claim.type,
  description: claim.description,
  ...(claim.enum ? { enum: claim.enum } : {}),
});

/** What a schema declares; a site without a schema declares nothing. */
export function declaredClaims(schema: AdaptiveSchemaJson | null): DeclaredClaims {
  const out: DeclaredClaims = { signed: [], unsigned: [] };
  if (!schema) return out;
  for (const [name, property] of Object.entries(schema.properties)) {
    if (name === UNSIGNED && isUnsignedClaims(property)) {
      out.unsigned.push(...Object.entries(property.properties).map(([claim, s]) => declared(claim, s)));
    } else if (!isUnsignedClaims(property)) {
      out.signed.push(declared(name, property));
    }
  }
  return out;
}
