import { idParam, listQuery } from '@dp/http';

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

export const pageParams = (withChangeRequest: boolean) =>
  ({
    type: 'object',
    properties: { spaceId: idParam, pageId: idParam, ...(withChangeRequest ? { changeRequestId: idParam } : {}) },
    required: ['spaceId', 'pageId', ...(withChangeRequest ? ['changeRequestId'] : [])],
  }) as const;

export const fileParams = (withChangeRequest: boolean) =>
  ({
    type: 'object',
    properties: { spaceId: idParam, fileId: idParam, ...(withChangeRequest ? { changeRequestId: idParam } : {}) },
    required: ['spaceId', 'fileId', ...(withChangeRequest ? ['changeRequestId'] : [])],
  }) as const;

export const downloadParams = {
  type: 'object',
  properties: { spaceId: idParam, revisionId: idParam, fileId: idParam },
  required: ['spaceId', 'revisionId', 'fileId'],
} as const;
