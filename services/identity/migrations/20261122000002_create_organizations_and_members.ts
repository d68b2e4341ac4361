import { sqlMigration } from '@dp/db';

export const createOrganizationsAndMembers = sqlMigration(
  '20261122000002_create_organizations_and_members',
  `
      create table if not exists organizations (
        seq bigint generated always as identity unique,
        id text primary key,
        title text not null,
        email_domains text[] not null default '{}',
        hostname text unique,
        type text not null default 'business',
        use_case text,
        community_type text,
        default_role text,
        default_content jsonb,
        logo text,
        sso boolean not null default false,
        ai boolean not null default false,
        invite_links boolean not null default false,
        created_by text not null references users(id),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index if not exists organizations_email_domains on organizations using gin (email_domains);
      create table if not exists members (
        seq bigint generated always as identity unique,
        organization_id text not null references organizations(id) on delete cascade,
        user_id text not null references users(id) on delete cascade,
        role text not null check (role in ('admin','create','review','edit','comment','read')),
        disabled boolean not null default false,
        joined_at timestamptz not null default now(),
        last_seen_at timestamptz,
        primary key (organization_id, user_id)
      );
      create index if not exists members_user on members (user_id);
      create table if not exists invites (
        seq bigint generated always as identity unique,
        organization_id text not null references organizations(id) on delete cascade,
        email text not null,
        role text not null,
        invited_by text not null references users(id),
        created_at timestamptz not null default now(),
        primary key (organization_id, email)
      );
      create index if not exists invites_email on invites (lower(email));
    `,
);
