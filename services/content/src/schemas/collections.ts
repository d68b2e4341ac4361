import { ROLES } from '@dp/auth';
import { idParam, listQuery, pathParams, type FromSchema } from '@dp/http';

export const collectionParams = pathParams('collectionId');
export const collectionOrganizationParams = pathParams('organizationId');

/** `nested` (default true): false lists only the organization's top-level collections. */
export const listCollectionsQuery = listQuery({ nested: { type: 'boolean', default: true } });
export const listCollectionSpacesQuery = listQuery();

const title = { type: 'string', maxLength: 50 } as const;

/** DefaultLevel: a Role, null (guests) or `inherit`. */
const defaultLevel = { enum: [...ROLES, 'inherit', null] } as const;

export const createCollectionBody = {
  type: 'object',
  properties: { title, parent: idParam },
  additionalProperties: false,
} as const;

export type CreateCollectionBody = FromSchema<typeof createCollectionBody>;

export const updateCollectionBody = {
  type: 'object',
  minProperties: 1,
  properties: {
    title,
    description: { type: 'string', maxLength: 100 },
    defaultLevel,
  },
  additionalProperties: false,
} as const;

export type UpdateCollectionBody = FromSchema<typeof updateCollectionBody>;

/**
 * SpacePointer {type: space, space} or CollectionPointer {type: collection, collection}: a `oneOf` chosen by
 * its `type` (ajv's discriminator, so an error names the field of the variant `type` chose), which FromSchema
 * types as the same union as the domain's (unlike if/then/else, which it ignores).
 */
const contentPointer = {
  type: 'object',
  discriminator: { propertyName: 'type' },
  // `type` is required in each variant, not here: strict ajv wants a required property defined next to it.
  oneOf: [
    { properties: { type: { const: 'space' }, space: idParam }, required: ['type', 'space'], additionalProperties: false },
    { properties: { type: { const: 'collection' }, collection: idParam }, required: ['type', 'collection'], additionalProperties: false },
  ],
} as const;

export type ContentPointer = FromSchema<typeof contentPointer>;

/** ContentPosition: before and/or after a sibling (both: they must be adjacent, `after` first; neither: last). */
export const contentPosition = {
  type: 'object',
  properties: { before: contentPointer, after: contentPointer },
  additionalProperties: false,
} as const;

export type ContentPosition = FromSchema<typeof contentPosition>;

/** Body of POST /collections/{id}/move and POST /spaces/{id}/move. */
export const moveBody = {
  type: 'object',
  minProperties: 1,
  properties: {
    parent: { type: ['string', 'null'], minLength: 1, maxLength: 100, pattern: idParam.pattern },
    position: contentPosition,
  },
  additionalProperties: false,
} as const;

/** `parent` omitted: stays in its parent (a reorder); null: the organization's top level. */
export type MoveBody = FromSchema<typeof moveBody>;

export const transferCollectionBody = {
  type: 'object',
  properties: { organization: idParam },
  required: ['organization'],
  additionalProperties: false,
} as const;

/**
 * `collection` names the target collection (the interface shows the behaviour, not the field name); omitted:
 * the target's top level. `organization` omitted: the organization of `collection`.
 */
export const transferSpaceBody = {
  type: 'object',
  minProperties: 1,
  properties: { organization: idParam, collection: idParam },
  additionalProperties: false,
} as const;

export type TransferSpaceBody = FromSchema<typeof transferSpaceBody>;
