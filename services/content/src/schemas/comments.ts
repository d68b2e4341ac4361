import { emojiSchema, idParam, listQuery } from '@dp/http';
import { MAX_COMMENT_MARKDOWN_CHARS } from '../domain/comment-body';

/** Path parameters of comment routes, with or without a change request. */
export const commentParams = (names: string[]) =>
  ({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, idParam])), required: names }) as const;

const format = { type: 'string', enum: ['markdown', 'document'], default: 'markdown' } as const;

/** `format` of a comment or reply in a response: its body as `{markdown}` (default) or `{document}`. */
export const formatQuery = { type: 'object', properties: { format } } as const;

export const listCommentsQuery = listQuery({
  order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
  status: { type: 'string', enum: ['all', 'open', 'resolved'], default: 'all' },
  format,
  targetPage: idParam,
  // `authors=a&authors=b` arrives as an array, a single `authors=a` as a string.
  authors: { anyOf: [idParam, { type: 'array', maxItems: 100, items: idParam }] },
});

export const listRepliesQuery = listQuery({ format });

export const listCommentersQuery = listQuery();

/**
 * The official `Document` as a comment body: markdown (at most MAX_COMMENT_MARKDOWN_CHARS = 10,000
 * characters, not blank) or a JSON document, which is measured once written as markdown. The empty document
 * the official schema also allows says nothing, so it is refused.
 */
const body = {
  type: 'object',
  minProperties: 1,
  maxProperties: 1,
  properties: {
    markdown: { type: 'string', minLength: 1, maxLength: MAX_COMMENT_MARKDOWN_CHARS, pattern: '\\S' },
    document: { type: 'object', required: ['object', 'nodes'], properties: { object: { const: 'document' }, nodes: { type: 'array', maxItems: 1000 } } },
  },
  additionalProperties: false,
} as const;

/** Emoji reactions: each a short emoji string (a character sequence or a hex codepoint like "1f389"). */
const reactions = { type: 'array', maxItems: 20, items: emojiSchema } as const;

export const postCommentBody = {
  type: 'object',
  properties: { body, page: idParam, node: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['body'],
  additionalProperties: false,
} as const;

export const updateCommentBody = {
  type: 'object',
  minProperties: 1,
  properties: { resolved: { type: 'boolean' }, body, addedReactions: reactions, removedReactions: reactions },
  additionalProperties: false,
} as const;

export const postReplyBody = {
  type: 'object',
  properties: { body },
  required: ['body'],
  additionalProperties: false,
} as const;

export const updateReplyBody = {
  type: 'object',
  minProperties: 1,
  properties: { body, addedReactions: reactions, removedReactions: reactions },
  additionalProperties: false,
} as const;
