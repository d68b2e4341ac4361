import { sqlMigration } from '@dp/db';

export const createUsersAndTokens = sqlMigration(
  '20261122000001_create_users_and_tokens',
  `
      create table if not exists users (
        seq bigint generated always as identity unique,
        id text primary key,
        email text not null,
        display_name text not null,
        photo_url text,
        created_at timestamptz not null default now()
      );
      create unique index if not exists users_email_lower on users (lower(email));
      create table if not exists api_tokens (
        id text primary key,
        user_id text not null references users(id) on delete cascade,
        token_hash text not null unique,
        created_at timestamptz not null default now(),
        revoked_at timestamptz
      );
    `,
);
