import { idParam, listQuery, pathParams, type FromSchema } from '@dp/http';
import { SHARE_KEY_MAX_LENGTH } from '../domain/share-link-rules';
import { conditionSchema, movePosition, pathSchema, siteSpacePointer } from './structure';

export { siteParams } from './sites';
export const siteSpaceParams = pathParams('organizationId', 'siteId', 'siteSpaceId');

/**
 * `default` filters (true: only the default site space of each section, or of the site at its root;
 * false: the others). `shareKey`, the official parameter resolving published URLs of share-link sites:
 * when it is the key of an active share link of the site, each `urls.published` carries it.
 */
export const listSiteSpacesQuery = listQuery({
  default: { type: 'boolean' },
  shareKey: { type: 'string', maxLength: SHARE_KEY_MAX_LENGTH },
});

/**
 * An existing space (the official `null`, a new space, is not supported yet), in `sectionId` (omitted: the
 * default section, or the root of a site without sections).
 */
export const addSiteSpaceBody = {
  type: 'object',
  properties: { spaceId: idParam, sectionId: idParam },
  required: ['spaceId'],
  additionalProperties: false,
} as const;
export type AddSiteSpaceBody = FromSchema<typeof addSiteSpaceBody>;

/** `spaceId`: the content the site space shows from now on (a live space of the site's organization). */
export const updateSiteSpaceBody = {
  type: 'object',
  minProperties: 1,
  properties: { path: pathSchema, condition: conditionSchema, spaceId: idParam },
  additionalProperties: false,
} as const;
export type UpdateSiteSpaceBody = FromSchema<typeof updateSiteSpaceBody>;

export const moveSiteSpaceBody = movePosition(siteSpacePointer);
export type MoveSiteSpaceBody = FromSchema<typeof moveSiteSpaceBody>;
