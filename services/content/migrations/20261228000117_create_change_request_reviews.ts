import { sqlMigration } from '@dp/db';

/**
 * Reviews of change requests and the reviewers asked for them (issue 26): a review is made against the change
 * request's revision of the moment and may carry a comment (a change-request comment); a requested reviewer is
 * one row per user, asked again by replacing it. Contributors now count their edits.
 */
export const createChangeRequestReviews = sqlMigration(
  '20261228000117_create_change_request_reviews',
  `
      create table if not exists change_request_reviews (
        seq bigint generated always as identity unique,
        id text primary key,
        change_request_id text not null references change_requests(id) on delete cascade,
        revision_id text not null,
        reviewer text not null,
        requested_by text,
        status text not null check (status in ('approved', 'changes-requested')),
        comment_id text references comments(id) on delete set null,
        created_at timestamptz not null default now()
      );
      create index if not exists change_request_reviews_cr on change_request_reviews (change_request_id, seq);
      create table if not exists change_request_requested_reviewers (
        seq bigint generated always as identity unique,
        change_request_id text not null references change_requests(id) on delete cascade,
        user_id text not null,
        revision_id text not null,
        requested_by text not null,
        created_at timestamptz not null default now(),
        primary key (change_request_id, user_id)
      );
      alter table change_request_contributors add column if not exists edits integer not null default 1;
  `,
);
