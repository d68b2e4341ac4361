import { idParam, listQuery, pathParams } from '@dp/http';

const contentFlags = {
  metadata: { type: 'boolean', default: true },
  computed: { type: 'boolean', default: true },
} as const;

export const contentQuery = { type: 'object', properties: contentFlags } as const;

export const pageQuery = {
  type: 'object',
  properties: {
    ...contentFlags,
    format: { type: 'string', enum: ['document', 'markdown'] },
    evaluated: { anyOf: [{ type: 'boolean' }, { const: 'deterministic-only' }], default: false },
    // Documented by the official spec; accepted (and checked) although the output does not vary with them yet.
    'format.markdown.refs': { type: 'string', enum: ['relative', 'stable'] },
    dereferenced: { anyOf: [{ type: 'boolean' }, { const: 'reusable-contents' }], default: false },
  },
} as const;

export const filesQuery = listQuery(contentFlags);

/**
 * Path parameters of a page and of a file, read from a space's live revision or from a change request's. Two
 * literal schemas each (not one built from a boolean) so that FromSchema types every parameter.
 */
export const pageParams = { live: pathParams('spaceId', 'pageId'), changeRequest: pathParams('spaceId', 'changeRequestId', 'pageId') };
export const fileParams = { live: pathParams('spaceId', 'fileId'), changeRequest: pathParams('spaceId', 'changeRequestId', 'fileId') };

export const downloadParams = {
  type: 'object',
  properties: { spaceId: idParam, revisionId: idParam, fileId: idParam },
  required: ['spaceId', 'revisionId', 'fileId'],
} as const;
