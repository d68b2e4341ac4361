import { sqlMigration } from '@dp/db';

export const createIntegrations = sqlMigration(
  '20261122000501_create_integrations',
  `
      -- Local copy of identity's organizations: only what integrations present as an integration's owner.
      -- title_at is the time of the fact the title comes from (event time or identity read), so an older
      -- event delivered late never overwrites a newer title. created_at is null while only an update was
      -- heard of (the organization predates this context's queue): publishing then reads it from identity.
      create table if not exists organizations (
        seq bigint generated always as identity unique,
        id text primary key,
        title text not null,
        created_at timestamptz,
        title_at timestamptz not null
      );
      create table if not exists integrations (
        seq bigint generated always as identity unique,
        id text primary key,
        name text not null unique,
        organization_id text not null references organizations(id),
        version integer not null default 1,
        runtime text not null default 'v1',
        title text not null,
        description text not null,
        summary text,
        icon text,
        preview_images text[] not null default '{}',
        visibility text not null check (visibility in ('public','private','unlisted')),
        target text not null default 'all' check (target in ('all','site','space','organization')),
        scopes text[] not null default '{}',
        categories text[] not null default '{}',
        blocks jsonb not null default '[]',
        block_domains text[] not null default '{}',
        content_sources jsonb not null default '[]',
        external_links jsonb not null default '[]',
        configurations jsonb not null default '{}',
        script text not null,
        secrets jsonb not null default '{}',
        content_security_policy jsonb,
        published_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index if not exists integrations_owner on integrations (organization_id, seq);
      create index if not exists integrations_visibility on integrations (visibility, seq);
      create table if not exists installations (
        seq bigint generated always as identity unique,
        id text primary key,
        integration_id text not null references integrations(id) on delete cascade,
        organization_id text not null,
        status text not null default 'active' check (status in ('active','pending','paused')),
        space_selection text not null default 'selected' check (space_selection in ('all','selected')),
        site_selection text not null default 'selected' check (site_selection in ('all','selected')),
        configuration jsonb not null default '{}',
        external_ids text[] not null default '{}',
        created_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (integration_id, organization_id)
      );
      create index if not exists installations_organization on installations (organization_id);
      create table if not exists integration_events (
        seq bigint generated always as identity unique,
        id text primary key,
        integration_id text not null references integrations(id) on delete cascade,
        installation_id text references installations(id) on delete cascade,
        event_id text not null,
        type text not null,
        status text not null default 'pending' check (status in ('pending','success','failed')),
        payload jsonb not null,
        created_at timestamptz not null default now(),
        unique (installation_id, event_id)
      );
      create index if not exists integration_events_integration on integration_events (integration_id, seq);
      create table if not exists integration_event_logs (
        seq bigint generated always as identity unique,
        event_id text not null references integration_events(id) on delete cascade,
        message text not null,
        level text not null check (level in ('debug','info','warn','error')),
        logged_at timestamptz not null default now()
      );
      create index if not exists integration_event_logs_event on integration_event_logs (event_id, seq);
    `,
);
