import { can, type Role } from '@dp/auth';

/**
 * Who may do what with a comment or a reply (docs/adr/0018). Pure; the same rules fill a comment's `permissions`
 * and decide the next request, so what a response advertises is what is allowed. Every write takes the space's
 * `comment` ability; the body is its author's alone (not even an admin puts words in their mouth); resolving,
 * reopening and deleting are for the author or a space admin, as the official description says.
 */
export interface CommentActor {
  userId: string | undefined;
  role: Role | undefined;
}

const isAuthor = (actor: CommentActor, postedBy: string) => !!actor.userId && actor.userId === postedBy;

export const canComment = (actor: CommentActor): boolean => can(actor.role, 'comment');

export const canEditBody = (actor: CommentActor, postedBy: string): boolean => canComment(actor) && isAuthor(actor, postedBy);

export const canResolve = (actor: CommentActor, postedBy: string): boolean => canComment(actor) && (isAuthor(actor, postedBy) || can(actor.role, 'admin'));

export const canDelete = canResolve;

/** `permissions` of a comment or a reply for `actor`. */
export function commentPermissions(actor: CommentActor, postedBy: string) {
  return { view: can(actor.role, 'view'), edit: canEditBody(actor, postedBy), reply: canComment(actor), delete: canDelete(actor, postedBy) };
}

export type ReactionChange = { added: string[]; removed: string[] };

/**
 * The reactions a PUT asks for, each emoji once: `addedReactions` are applied first, then
 * `removedReactions`, so an emoji named in both ends up removed.
 */
export function reactionChange(added: string[] = [], removed: string[] = []): ReactionChange {
  const gone = new Set(removed);
  return { added: [...new Set(added)].filter((e) => !gone.has(e)), removed: [...gone] };
}

/**
 * A comment's resolution after a PUT with `resolved`: unchanged when it already is in the asked state (the
 * first resolution keeps its time and author), otherwise set by `userId` at `now`, or cleared.
 */
export function nextResolution(
  current: { resolvedAt: Date | null; resolvedBy: string | null },
  resolved: boolean,
  userId: string,
  now: Date,
): { resolvedAt: Date | null; resolvedBy: string | null; changed: boolean } {
  if (resolved === (current.resolvedAt !== null)) return { ...current, changed: false };
  return resolved ? { resolvedAt: now, resolvedBy: userId, changed: true } : { resolvedAt: null, resolvedBy: null, changed: true };
}
