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
