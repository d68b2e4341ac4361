import { idParam, listQuery, listResponse, pathParams } from '@dp/http';

const contentFlags = {
  metadata: { type: 'boolean', default: true },
  computed: { type: 'boolean', default: true },
} as const;

export const contentQuery = { type: 'object', properties: contentFlags } as const;

/** The official `documentEvaluated` and `documentDereferenced`: `dereferenced` inlines included reusable contents. */
const documentFlags = {
  // Documented by the official spec; accepted (and checked) although the output does not vary with it yet.
  evaluated: { anyOf: [{ type: 'boolean' }, { const: 'deterministic-only' }], default: false },
  dereferenced: { anyOf: [{ type: 'boolean' }, { const: 'reusable-contents' }], default: false },
} as const;

export const pageQuery = {
  type: 'object',
  properties: {
    ...contentFlags,
    ...documentFlags,
    format: { type: 'string', enum: ['document', 'markdown'] },
    // Documented by the official spec; accepted (and checked) although the output does not vary with it yet.
    'format.markdown.refs': { type: 'string', enum: ['relative', 'stable'] },
  },
} as const;

/** A document read on its own (official getPageDocumentInRevisionById and its reusable content's). */
export const documentQuery = { type: 'object', properties: documentFlags } as const;

export const filesQuery = listQuery(contentFlags);

/**
 * Path parameters of a page and of a file, read from a space's live revision or from a change request's. Two
 * literal schemas each (not one built from a boolean) so that FromSchema types every parameter.
 */
export const pageParams = {
  live: pathParams('spaceId', 'pageId'),
  changeRequest: pathParams('spaceId', 'changeRequestId', 'pageId'),
  revision: pathParams('spaceId', 'revisionId', 'pageId'),
};
/**
 * Path parameters of a page read by its path (official getPageByPath and getPageInChangeRequestByPath). The
 * official client sends the path's slashes as they are (`.../content/path/guide/setup`), so the route takes
 * the rest of the URL, `*pagePath`, which Express gives as one decoded string per segment.
 */
const pagePath = { type: 'array', items: { type: 'string', maxLength: 100 }, minItems: 1, maxItems: 100 } as const;
export const pagePathParams = {
  live: { type: 'object', properties: { spaceId: idParam, pagePath }, required: ['spaceId', 'pagePath'] },
  changeRequest: { type: 'object', properties: { spaceId: idParam, changeRequestId: idParam, pagePath }, required: ['spaceId', 'changeRequestId', 'pagePath'] },
  revision: { type: 'object', properties: { spaceId: idParam, revisionId: idParam, pagePath }, required: ['spaceId', 'revisionId', 'pagePath'] },
} as const;
export const reusableContentParams = {
  live: pathParams('spaceId', 'reusableContentId'),
  changeRequest: pathParams('spaceId', 'changeRequestId', 'reusableContentId'),
  revision: pathParams('spaceId', 'revisionId', 'reusableContentId'),
};
export const fileParams = {
  live: pathParams('spaceId', 'fileId'),
  changeRequest: pathParams('spaceId', 'changeRequestId', 'fileId'),
  revision: pathParams('spaceId', 'revisionId', 'fileId'),
};
/**
 * One revision in a space's history (`GET /spaces/{spaceId}/revisions`, ours: the official API lists none), the
 * official Revision's summary fields: no pages or files (each revision's are read by its id).
 */
export const revisionSummary = {
  type: 'object',
  properties: {
    object: { const: 'revision' },
    id: { type: 'string' },
    parents: { type: 'array', items: { type: 'string' } },
    // As the official Revision's `type`: `edits`, `merge`, `update` and the others it lists.
    type: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    urls: { type: 'object', properties: { location: { type: 'string', format: 'uri' } }, required: ['location'], additionalProperties: false },
  },
  required: ['object', 'id', 'parents', 'type', 'createdAt', 'urls'],
  additionalProperties: false,
} as const;
export const historyResponse = listResponse(revisionSummary);

/** A rollback (ours): made directly (no body) or proposed as a change request (`changeRequest`, its subject optional). */
export const rollbackBody = {
  type: 'object',
  properties: {
    changeRequest: { type: 'object', properties: { subject: { type: 'string', minLength: 1, maxLength: 200 } }, additionalProperties: false },
  },
  additionalProperties: false,
} as const;

/** What a rollback answers: the new live revision, as a merge answers the one it made; or the change request proposing it and its revision. */
export const rollbackResponse = {
  type: 'object',
  properties: { revision: { type: 'string' }, result: { const: 'rollback' } },
  required: ['revision', 'result'],
  additionalProperties: false,
} as const;
export const proposedRollbackResponse = {
  type: 'object',
  properties: { revision: { type: 'string' }, changeRequest: { type: 'string' }, result: { const: 'change-request' } },
  required: ['revision', 'changeRequest', 'result'],
  additionalProperties: false,
} as const;

/** A space's revision (issue 26: the space as it was at that revision). */
export const revisionParams = pathParams('spaceId', 'revisionId');

export const downloadParams = {
  type: 'object',
  properties: { spaceId: idParam, revisionId: idParam, fileId: idParam },
  required: ['spaceId', 'revisionId', 'fileId'],
} as const;

/** `limit` of the official semantic-changes operations (default 10); the revision's read flags are accepted too. */
export const changesQuery = {
  type: 'object',
  properties: { ...contentFlags, limit: { type: 'integer', minimum: 1, maximum: 1000, default: 10 } },
} as const;
