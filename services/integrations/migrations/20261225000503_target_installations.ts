import { sqlMigration } from '@dp/db';

/**
 * An installation's bindings to spaces and sites of its organization (docs/adr/0043): the official
 * IntegrationSpaceInstallation and IntegrationSiteInstallation, one table for both kinds.
 */
export const targetInstallations = sqlMigration(
  '20261225000503_target_installations',
  `
      create table if not exists target_installations (
        seq bigint generated always as identity unique,
        installation_id text not null references installations(id) on delete cascade,
        kind text not null check (kind in ('space', 'site')),
        target_id text not null,
        organization_id text not null,
        status text not null default 'active' check (status in ('active', 'pending', 'paused')),
        configuration jsonb not null default '{}',
        external_ids text[] not null default '{}',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (installation_id, kind, target_id)
      );
      create index if not exists target_installations_target on target_installations (kind, target_id);
    `,
);
