import { sqlMigration } from '@dp/db';

/**
 * Invite links of an organization (joined by id; `role` null invites guests), and the lifecycle of API tokens:
 * a label, an optional expiry, who revoked one. Existing tokens keep no label and never expire. Safe to run twice.
 */
export const linkInvitesAndTokenLifecycle = sqlMigration(
  '20261210000003_link_invites_and_token_lifecycle',
  `
      create table if not exists link_invites (
        seq bigint generated always as identity unique,
        id text primary key,
        organization_id text not null references organizations(id) on delete cascade,
        role text check (role in ('admin','create','review','edit','comment','read')),
        created_by text not null references users(id),
        created_at timestamptz not null default now()
      );
      create index if not exists link_invites_organization on link_invites (organization_id, seq);
      alter table api_tokens add column if not exists seq bigint generated always as identity;
      alter table api_tokens add column if not exists label text;
      alter table api_tokens add column if not exists expires_at timestamptz;
      alter table api_tokens add column if not exists revoked_by text;
      create index if not exists api_tokens_user on api_tokens (user_id, seq);
    `,
);
