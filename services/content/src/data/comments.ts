import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { paginate } from '@dp/db';

export interface CommentRow {
  seq: string;
  id: string;
  space_id: string;
  change_request_id: string | null;
  revision_id: string;
  page_id: string | null;
  node_id: string | null;
  node_preview: string | null;
  markdown: string;
  posted_by: string;
  posted_at: Date;
  edited_at: Date | null;
  resolved_at: Date | null;
  resolved_by: string | null;
}

export interface ReplyRow {
  seq: string;
  id: string;
  comment_id: string;
  markdown: string;
  posted_by: string;
  posted_at: Date;
  edited_at: Date | null;
}

export interface ReactionRow {
  target_id: string;
  user_id: string;
  emoji: string;
  reacted_at: Date;
}

/** Where comments live: a space's live content (`changeRequestId` null) or one of its change requests. */
export interface CommentScope {
  spaceId: string;
  changeRequestId: string | null;
}

/** A comment is only found through its own scope: a change request's comment is not a space comment. */
function inScope(query: Knex.QueryBuilder, scope: CommentScope) {
  query.where({ space_id: scope.spaceId });
  if (scope.changeRequestId) query.where({ change_request_id: scope.changeRequestId });
  else query.whereNull('change_request_id');
  return query;
}

export const findComment = (db: Knex, scope: CommentScope, id: string): Promise<CommentRow | undefined> => inScope(db('comments'), scope).where({ id }).first();

/** Locks a comment FOR UPDATE, or FOR SHARE with `shared` (a reply to it: it must not be deleted meanwhile). */
export const lockComment = (trx: Knex.Transaction, scope: CommentScope, id: string, shared = false): Promise<CommentRow | undefined> => {
  const query = inScope(trx('comments'), scope).where({ id });
  return (shared ? query.forShare() : query.forUpdate()).first();
};

/** Comments of one scope by id (those still there), e.g. the comments reviews carry. */
export const findCommentsIn = (db: Knex, scope: CommentScope, ids: string[]): Promise<CommentRow[]> => (ids.length ? inScope(db('comments'), scope).whereIn('id', ids) : Promise.resolve([]));

export async function insertComment(db: Knex, row: Omit<CommentRow, 'seq' | 'posted_at' | 'edited_at' | 'resolved_at' | 'resolved_by'>): Promise<CommentRow> {
  const [comment] = await db('comments').insert(row).returning('*');
  return comment;
}

export async function updateComment(db: Knex, id: string, patch: Partial<Pick<CommentRow, 'markdown' | 'edited_at' | 'resolved_at' | 'resolved_by'>>): Promise<CommentRow> {
  const [comment] = await db('comments').where({ id }).update(patch).returning('*');
  return comment;
}

/** Deletes a comment, its replies and their reactions (cascade); false when it was not there. */
export const deleteComment = async (db: Knex, id: string): Promise<boolean> => (await db('comments').where({ id }).delete()) > 0;

export interface CommentFilters {
  order: 'asc' | 'desc';
  status: 'all' | 'open' | 'resolved';
  targetPage?: string;
  authors?: string[];
}

/** Top-level comments of a scope, oldest or newest first (`seq` follows posting time). */
export function listComments(db: Knex, scope: CommentScope, params: ListParams & CommentFilters) {
  const query = inScope(db('comments'), scope);
  if (params.status === 'open') query.whereNull('resolved_at');
  if (params.status === 'resolved') query.whereNotNull('resolved_at');
  if (params.targetPage) query.where({ page_id: params.targetPage });
  if (params.authors?.length) query.whereIn('posted_by', params.authors);
  return paginate<CommentRow>(query, params, { order: params.order });
}

/**
 * Users who posted at least one comment in a scope, in the order of their first one: keyed by the `seq` of
 * that comment, which is unique per user, so the list pages like any other.
 */
export function listCommenters(db: Knex, scope: CommentScope, params: ListParams) {
  const firstComments = inScope(db('comments'), scope).groupBy('posted_by').select('posted_by as user_id', db.raw('min(seq) as seq'));
  return paginate<{ user_id: string; seq: string }>(db.from(firstComments.as('commenters')), params);
}

/** The `comments` counter of change requests: their open (unresolved) comments. (Spaces': data/space-counts.ts.) */
export async function countOpenChangeRequestComments(db: Knex, changeRequestIds: string[]): Promise<Map<string, number>> {
  if (!changeRequestIds.length) return new Map();
  const rows = (await db('comments')
    .whereIn('change_request_id', changeRequestIds)
    .whereNull('resolved_at')
    .groupBy('change_request_id')
    .select('change_request_id as id', db.raw('count(*)::int as open'))) as Array<{ id: string; open: number }>;
  return new Map(rows.map((r) => [r.id, r.open]));
}

export const findReply = (db: Knex, commentId: string, id: string): Promise<ReplyRow | undefined> => db('comment_replies').where({ comment_id: commentId, id }).first();

export const lockReply = (trx: Knex.Transaction, commentId: string, id: string): Promise<ReplyRow | undefined> =>
  trx('comment_replies').where({ comment_id: commentId, id }).forUpdate().first();

export async function insertReply(db: Knex, row: Pick<ReplyRow, 'id' | 'comment_id' | 'markdown' | 'posted_by'>): Promise<ReplyRow> {
  const [reply] = await db('comment_replies').insert(row).returning('*');
  return reply;
}

export async function updateReply(db: Knex, id: string, patch: Partial<Pick<ReplyRow, 'markdown' | 'edited_at'>>): Promise<ReplyRow> {
  const [reply] = await db('comment_replies').where({ id }).update(patch).returning('*');
  return reply;
}

export const deleteReply = async (db: Knex, id: string): Promise<boolean> => (await db('comment_replies').where({ id }).delete()) > 0;

export const listReplies = (db: Knex, commentId: string, params: ListParams) => paginate<ReplyRow>(db('comment_replies').where({ comment_id: commentId }), params);

export interface Replier {
  user_id: string;
  count: number;
  updated_at: Date;
}

/** Per comment: how many replies it has and who wrote them (with how many and their latest), for many comments at once. */
export async function replyStats(db: Knex, commentIds: string[]): Promise<Map<string, { count: number; repliers: Replier[] }>> {
  const out = new Map<string, { count: number; repliers: Replier[] }>();
  if (!commentIds.length) return out;
  const rows = (await db('comment_replies')
    .whereIn('comment_id', commentIds)
    .groupBy('comment_id', 'posted_by')
    .select('comment_id', 'posted_by as user_id', db.raw('count(*)::int as count'), db.raw('max(posted_at) as updated_at'), db.raw('min(seq) as first'))
    .orderBy('first')) as Array<Replier & { comment_id: string }>;
  for (const { comment_id, ...replier } of rows) {
    const stats = out.get(comment_id) ?? { count: 0, repliers: [] };
    stats.count += replier.count;
    stats.repliers.push({ user_id: replier.user_id, count: replier.count, updated_at: replier.updated_at });
    out.set(comment_id, stats);
  }
  return out;
}

/** What a reaction is on: a comment, or one of its replies. */
export interface ReactionTarget {
  commentId: string;
  replyId?: string;
}

export async function addReactions(db: Knex, target: ReactionTarget, userId: string, emojis: string[]): Promise<void> {
  if (!emojis.length) return;
  await db('comment_reactions')
    .insert(emojis.map((emoji) => ({ comment_id: target.commentId, reply_id: target.replyId ?? null, user_id: userId, emoji })))
    .onConflict(['target_id', 'user_id', 'emoji'])
    .ignore();
}

export async function removeReactions(db: Knex, target: ReactionTarget, userId: string, emojis: string[]): Promise<void> {
  if (!emojis.length) return;
  await db('comment_reactions').where({ target_id: target.replyId ?? target.commentId, user_id: userId }).whereIn('emoji', emojis).delete();
}

/** Reactions on comments or replies (by their ids), oldest first. */
export async function findReactions(db: Knex, targetIds: string[]): Promise<ReactionRow[]> {
  if (!targetIds.length) return [];
  return db('comment_reactions').whereIn('target_id', targetIds).orderBy('reacted_at').orderBy('emoji').select('target_id', 'user_id', 'emoji', 'reacted_at');
}
