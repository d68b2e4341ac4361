import { idParam, pathParams } from '@dp/http';

/** `POST /internal/spaces/{spaceId}/withdraw`: the user the space was created for (and by). */
export const withdrawSpaceBody = {
  type: 'object',
  properties: { createdBy: idParam },
  required: ['createdBy'],
  additionalProperties: false,
} as const;

/** The published reads of a revision by the sites publisher (docs/adr/0040). */
export const publishedRevisionParams = pathParams('spaceId', 'revisionId');
export const publishedPageParams = pathParams('spaceId', 'revisionId', 'pageId');
export const publishedFileParams = pathParams('spaceId', 'revisionId', 'fileId');
export const publishedAlternatesParams = pathParams('spaceId', 'pageId');

/** `GET .../former-paths?path=`: a page path as the publisher read it from a reader's URL (decoded, no leading slash). */
export const formerPathQuery = {
  type: 'object',
  properties: { path: { type: 'string', minLength: 1, maxLength: 2048 } },
  required: ['path'],
  additionalProperties: false,
} as const;
