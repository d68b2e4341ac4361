import { sqlMigration } from '@dp/db';

/**
 * SAML identity providers of an organization, and the AuthnRequests issued for them: kept in PostgreSQL so that
 * whichever identity process receives the provider's answer can check its InResponseTo, and consumed once (a
 * replayed answer finds its request used). Deleting a provider deletes its pending requests. Safe to run twice.
 */
export const samlProviders = sqlMigration(
  '20261210000002_saml_providers',
  `
      create table if not exists saml_providers (
        seq bigint generated always as identity unique,
        id text primary key,
        organization_id text not null references organizations(id) on delete cascade,
        label text not null,
        entity_id text,
        sso_url text,
        certificate text,
        default_team_id text references teams(id) on delete set null,
        default_role text check (default_role in ('admin','create','review','edit','comment','read')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index if not exists saml_providers_organization on saml_providers (organization_id, seq);
      create table if not exists saml_requests (
        id text primary key,
        provider_id text not null references saml_providers(id) on delete cascade,
        relay_state text,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        consumed_at timestamptz
      );
      create index if not exists saml_requests_expiry on saml_requests (expires_at);
    `,
);
