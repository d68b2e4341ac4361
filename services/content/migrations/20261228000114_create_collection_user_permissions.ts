import { sqlMigration } from '@dp/db';

/** Roles granted to users on a collection, inherited by its spaces and sub-collections (docs/adr/0096). */
export const createCollectionUserPermissions = sqlMigration(
  '20261228000114_create_collection_user_permissions',
  `
      create table if not exists collection_user_permissions (
        seq bigserial,
        collection_id text not null references collections(id) on delete cascade,
        user_id text not null,
        role text not null,
        granted_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (collection_id, user_id)
      );
      create index if not exists collection_user_permissions_user on collection_user_permissions (user_id);
      create unique index if not exists collection_user_permissions_seq on collection_user_permissions (seq);
    `,
);
