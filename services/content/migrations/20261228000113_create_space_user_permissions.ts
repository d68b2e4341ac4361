import { sqlMigration } from '@dp/db';

/**
 * Roles granted to users on one space (issue 25, docs/adr/0096): a member's grant raises what their organization
 * role gives on that space; a guest (a member without a role) sees only the spaces granted to them.
 */
export const createSpaceUserPermissions = sqlMigration(
  '20261228000113_create_space_user_permissions',
  `
      create table if not exists space_user_permissions (
        seq bigserial,
        space_id text not null references spaces(id) on delete cascade,
        user_id text not null,
        role text not null,
        granted_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (space_id, user_id)
      );
      create index if not exists space_user_permissions_user on space_user_permissions (user_id);
      create unique index if not exists space_user_permissions_seq on space_user_permissions (seq);
    `,
);
