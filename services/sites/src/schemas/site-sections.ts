import { idParam, listQuery, pathParams, type FromSchema } from '@dp/http';
import { SHARE_KEY_MAX_LENGTH } from '../domain/share-link-rules';
import { SECTION_TITLE_MAX_LENGTH, SECTION_TITLE_MIN_LENGTH } from '../domain/site-structure-rules';
import { conditionSchema, iconSchema, movePosition, pathSchema, sectionPointer } from './structure';

export { siteParams } from './sites';
export const sectionParams = pathParams('organizationId', 'siteId', 'siteSectionId');

/** `shareKey`: as on the site-spaces list, an active share link's key puts itself into every `urls.published`. */
export const listSectionsQuery = listQuery({ shareKey: { type: 'string', maxLength: SHARE_KEY_MAX_LENGTH } });

/** Official SiteSectionTitle. */
const title = { type: 'string', minLength: SECTION_TITLE_MIN_LENGTH, maxLength: SECTION_TITLE_MAX_LENGTH } as const;

/**
 * An existing space becomes the section's first site space (the official `null`, a new space, is not
 * supported here); `title` (null or omitted: the space's), `icon`, and the official `siteSectionGroupId` to
 * create it in a group.
 */
export const createSectionBody = {
  type: 'object',
  properties: {
    spaceId: idParam,
    title: { oneOf: [title, { type: 'null' }] },
    icon: iconSchema,
    siteSectionGroupId: idParam,
  },
  required: ['spaceId'],
  additionalProperties: false,
} as const;
export type CreateSectionBody = FromSchema<typeof createSectionBody>;

export const updateSectionBody = {
  type: 'object',
  minProperties: 1,
  properties: {
    title,
    path: pathSchema,
    defaultSiteSpace: idParam,
    condition: conditionSchema,
    icon: iconSchema,
    /** Official SiteSectionDescription: at most 256 characters; null removes it. */
    description: { oneOf: [{ type: 'string', maxLength: 256 }, { type: 'null' }] },
  },
  additionalProperties: false,
} as const;
export type UpdateSectionBody = FromSchema<typeof updateSectionBody>;

export const moveSectionBody = movePosition(sectionPointer);
export type MoveSectionBody = FromSchema<typeof moveSectionBody>;
