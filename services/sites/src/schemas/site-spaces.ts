import { idParam, listQuery, type FromSchema } from '@dp/http';

export { siteParams } from './sites';

/**
 * `default` filters (true: only the default site space, false: the others). `shareKey`, the official
 * parameter resolving published URLs of share-link sites: when it is the key of an active share link of the
 * site, each `urls.published` carries it.
 */
export const listSiteSpacesQuery = listQuery({
  default: { type: 'boolean' },
  shareKey: { type: 'string', maxLength: 200 },
});

/** An existing space; the official `null` (create a new space from the site) is not supported yet. */
export const addSiteSpaceBody = {
  type: 'object',
  properties: { spaceId: idParam, sectionId: idParam },
  required: ['spaceId'],
  additionalProperties: false,
} as const;

export type AddSiteSpaceBody = FromSchema<typeof addSiteSpaceBody>;
