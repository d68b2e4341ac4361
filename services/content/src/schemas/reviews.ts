import { idParam, listQuery, type FromSchema } from '@dp/http';
import { commentBody, format } from './comments';

/** Paths under `/spaces/{spaceId}/change-requests/{changeRequestId}` (issue 26). */
export const reviewParams = {
  type: 'object',
  properties: { spaceId: idParam, changeRequestId: idParam, reviewId: idParam },
  required: ['spaceId', 'changeRequestId', 'reviewId'],
} as const;

export const requestedReviewerParams = {
  type: 'object',
  properties: { spaceId: idParam, changeRequestId: idParam, userId: idParam },
  required: ['spaceId', 'changeRequestId', 'userId'],
} as const;

/** `GET .../reviews`: the official `outdated` filter, the comment's format and the page. */
export const listReviewsQuery = listQuery({ outdated: { type: 'boolean' }, format });

/** The official `submitChangeRequestReview` body: the status, and an optional comment (posted on the change request). */
export const submitReviewBody = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['approved', 'changes-requested'] }, comment: commentBody },
  required: ['status'],
  additionalProperties: false,
} as const;
export type SubmitReviewBody = FromSchema<typeof submitReviewBody>;

/** Reviewers one request may ask for at once. */
export const MAX_REQUESTED_REVIEWERS = 100;

/**
 * The official `requestReviewersForChangeRequest` body: users to ask, and optionally a new subject for the change
 * request. Its `description` is refused: change requests here have no description (unknown fields are a 400).
 */
export const requestReviewersBody = {
  type: 'object',
  properties: {
    users: { type: 'array', minItems: 1, maxItems: MAX_REQUESTED_REVIEWERS, uniqueItems: true, items: idParam },
    subject: { type: 'string', maxLength: 200 },
  },
  required: ['users'],
  additionalProperties: false,
} as const;
export type RequestReviewersBody = FromSchema<typeof requestReviewersBody>;
