import { ROLES } from '@dp/auth';
import { idParam, listQuery, pathParams } from '@dp/http';

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

/** SpacePointer {type: space, space} or CollectionPointer {type: collection, collection}. */
const contentPointer = {
  type: 'object',
  properties: { type: { type: 'string', enum: ['space', 'collection'] }, space: idParam, collection: idParam },
  required: ['type'],
  additionalProperties: false,
  if: { properties: { type: { const: 'space' } } },
  // Each branch names the property it requires (ajv strictRequired); the definitions are the ones above.
  then: { properties: { space: idParam }, required: ['space'] },
  else: { properties: { collection: idParam }, required: ['collection'] },
} as const;

/** ContentPosition: before and/or after a sibling (both: they must be adjacent, `after` first; neither: last). */
export const contentPosition = {
  type: 'object',
  properties: { before: contentPointer, after: contentPointer },
  additionalProperties: false,
} as const;

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

export const transferCollectionBody = {
  type: 'object',
  properties: { organization: idParam },
  required: ['organization'],
  additionalProperties: false,
} as const;

/** `collection` names the target collection (the interface shows the behaviour, not the field name). */
export const transferSpaceBody = {
  type: 'object',
  minProperties: 1,
  properties: { organization: idParam, collection: idParam },
  additionalProperties: false,
} as const;
