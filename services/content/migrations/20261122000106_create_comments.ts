import { sqlMigration } from '@dp/db';

/**
 * Comments on a space's live content (`change_request_id` null) or on a change request, their replies, and
 * emoji reactions to either. A comment keeps the revision it was posted on (its `target.revision`) and the
 * page and block (`node_id`, a block key, ADR 0015) it is anchored to, with that block's text as its
 * preview. Deleting a comment deletes its replies and every reaction to them.
 */
export const createComments = sqlMigration(
  '20261122000106_create_comments',
  `
      create table if not exists comments (
        seq bigint generated always as identity unique,
        id text primary key,
        space_id text not null references spaces(id) on delete cascade,
        change_request_id text references change_requests(id) on delete cascade,
        revision_id text not null,
        page_id text,
        node_id text,
        node_preview text,
        markdown text not null,
        posted_by text not null,
        posted_at timestamptz not null default now(),
        edited_at timestamptz,
        resolved_at timestamptz,
        resolved_by text,
        check ((resolved_at is null) = (resolved_by is null))
      );
      create index if not exists comments_space on comments (space_id, seq) where change_request_id is null;
      create index if not exists comments_change_request on comments (change_request_id, seq) where change_request_id is not null;
      create index if not exists comments_open on comments (space_id, change_request_id) where resolved_at is null;
      create table if not exists comment_replies (
        seq bigint generated always as identity unique,
        id text primary key,
        comment_id text not null references comments(id) on delete cascade,
        markdown text not null,
        posted_by text not null,
        posted_at timestamptz not null default now(),
        edited_at timestamptz
      );
      create index if not exists comment_replies_comment on comment_replies (comment_id, seq);
      create table if not exists comment_reactions (
        comment_id text not null references comments(id) on delete cascade,
        reply_id text references comment_replies(id) on delete cascade,
        -- what was reacted to (the reply, or else the comment itself), with one reaction per user and emoji
        target_id text generated always as (coalesce(reply_id, comment_id)) stored,
        user_id text not null,
        emoji text not null,
        reacted_at timestamptz not null default now(),
        unique (target_id, user_id, emoji)
      );
  `,
);
