import { emojiSchema, idParam, listQuery, pathParams, type FromSchema } from '@dp/http';
import { MAX_COMMENT_MARKDOWN_CHARS } from '../domain/comment-body';

/**
 * Path parameters of comment routes (the scope, a comment, a reply), on a space's live content and on a change
 * request: literal schemas, so FromSchema types each parameter.
 */
export const commentParams = {
  live: {
    scopeParams: pathParams('spaceId'),
    commentIdParams: pathParams('spaceId', 'commentId'),
    replyIdParams: pathParams('spaceId', 'commentId', 'commentReplyId'),
  },
  changeRequest: {
    scopeParams: pathParams('spaceId', 'changeRequestId'),
    commentIdParams: pathParams('spaceId', 'changeRequestId', 'commentId'),
    replyIdParams: pathParams('spaceId', 'changeRequestId', 'commentId', 'commentReplyId'),
  },
};

export const format = { type: 'string', enum: ['markdown', 'document'], default: 'markdown' } as const;

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
 * the official schema also allows says nothing, so it is refused. A `oneOf` of the two forms (not one object
 * with both optional and maxProperties 1) so that FromSchema gives the domain's CommentBodyInput union.
 */
export const commentBody = {
  type: 'object',
  oneOf: [
    {
      properties: { markdown: { type: 'string', minLength: 1, maxLength: MAX_COMMENT_MARKDOWN_CHARS, pattern: '\\S' } },
      required: ['markdown'],
      additionalProperties: false,
    },
    {
      properties: { document: { type: 'object', required: ['object', 'nodes'], properties: { object: { const: 'document' }, nodes: { type: 'array', maxItems: 1000 } } } },
      required: ['document'],
      additionalProperties: false,
    },
  ],
} as const;

/** Emoji reactions: each a short emoji string (a character sequence or a hex codepoint like "1f389"). */
const reactions = { type: 'array', maxItems: 20, items: emojiSchema } as const;

export const postCommentBody = {
  type: 'object',
  properties: { body: commentBody, page: idParam, node: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['body'],
  additionalProperties: false,
} as const;

export type PostCommentBody = FromSchema<typeof postCommentBody>;

export const updateCommentBody = {
  type: 'object',
  minProperties: 1,
  properties: { resolved: { type: 'boolean' }, body: commentBody, addedReactions: reactions, removedReactions: reactions },
  additionalProperties: false,
} as const;

export type UpdateCommentBody = FromSchema<typeof updateCommentBody>;

export const postReplyBody = {
  type: 'object',
  properties: { body: commentBody },
  required: ['body'],
  additionalProperties: false,
} as const;

export const updateReplyBody = {
  type: 'object',
  minProperties: 1,
  properties: { body: commentBody, addedReactions: reactions, removedReactions: reactions },
  additionalProperties: false,
} as const;

export type UpdateReplyBody = FromSchema<typeof updateReplyBody>;
