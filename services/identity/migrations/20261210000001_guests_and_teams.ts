import { sqlMigration } from '@dp/db';

/**
 * Guests and teams. A member's `role` may now be null: a guest (an SSO provider or an invite link whose default
 * role is null), listed as a member but holding no organization-wide role. `sso` marks members provisioned by a
 * SAML sign-in. Team memberships reference the organization membership, so leaving the organization leaves its
 * teams in the same statement. Safe to run twice.
 */
export const guestsAndTeams = sqlMigration(
  '20261210000001_guests_and_teams',
  `
      alter table members alter column role drop not null;
      alter table members add column if not exists sso boolean not null default false;
      create table if not exists teams (
        seq bigint generated always as identity unique,
        id text primary key,
        organization_id text not null references organizations(id) on delete cascade,
        title text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index if not exists teams_organization on teams (organization_id, seq);
      create table if not exists team_members (
        seq bigint generated always as identity unique,
        team_id text not null references teams(id) on delete cascade,
        organization_id text not null,
        user_id text not null,
        role text not null check (role in ('owner','member')),
        added_at timestamptz not null default now(),
        primary key (team_id, user_id),
        foreign key (organization_id, user_id) references members(organization_id, user_id) on delete cascade
      );
      create index if not exists team_members_member on team_members (organization_id, user_id);
    `,
);
