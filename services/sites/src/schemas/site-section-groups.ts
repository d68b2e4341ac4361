import { idParam, listQuery, pathParams, type FromSchema } from '@dp/http';
import { groupPointer, iconSchema, movePosition } from './structure';

export { siteParams } from './sites';
export const groupParams = pathParams('organizationId', 'siteId', 'siteSectionGroupId');
export const groupSectionParams = pathParams('organizationId', 'siteId', 'siteSectionGroupId', 'siteSectionId');

export const listGroupsQuery = listQuery();

/** Official SiteSectionGroupTitle: 1 to 100 characters. */
const title = { type: 'string', minLength: 1, maxLength: 100 } as const;

/** `sections`: sections of the site that move into the new group, in this order. */
export const createGroupBody = {
  type: 'object',
  properties: { title, icon: iconSchema, sections: { type: 'array', items: idParam, maxItems: 1000, uniqueItems: true } },
  required: ['title'],
  additionalProperties: false,
} as const;
export type CreateGroupBody = FromSchema<typeof createGroupBody>;

export const updateGroupBody = {
  type: 'object',
  minProperties: 1,
  properties: { title, icon: iconSchema },
  additionalProperties: false,
} as const;
export type UpdateGroupBody = FromSchema<typeof updateGroupBody>;

export const addSectionToGroupBody = {
  type: 'object',
  properties: { sectionId: idParam },
  required: ['sectionId'],
  additionalProperties: false,
} as const;

export const moveGroupBody = movePosition(groupPointer);
export type MoveGroupBody = FromSchema<typeof moveGroupBody>;
