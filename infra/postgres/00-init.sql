-- Run once by the postgres image's entrypoint (as the superuser, through psql with ON_ERROR_STOP) when the
-- data volume is empty; later changes need `docker compose down -v` or a manual migration.
--
-- One database, `docs`; per bounded context a login role that owns a schema of the same name and has no
-- rights on any other schema (services never read each other's tables: they exchange events).
--
-- DEV ONLY: each role's password equals its name. In any shared or production environment create the
-- roles with real secrets (and hand each service its own DATABASE_URL) instead of running this file.
--
-- Contexts added later need a line in the array below (and, on an existing volume, the same statements
-- run by hand).

create database docs;

\connect docs

-- Nobody gets anything by default: not CREATE (nor USAGE) on `public`, not CONNECT/TEMP on the database.
revoke all on schema public from public;
revoke all on database docs from public;

do $$
declare
  ctx text;
begin
  foreach ctx in array array['identity', 'content', 'sites', 'openapi', 'integrations', 'translations'] loop
    execute format('create role %I login password %L', ctx, ctx);
    execute format('grant connect, temporary on database docs to %I', ctx);
    -- Owned by the role: it creates its tables (migrations) there; no one else has usage on it.
    execute format('create schema %I authorization %I', ctx, ctx);
    execute format('revoke all on schema %I from public', ctx);
    execute format('alter role %I in database docs set search_path = %I', ctx, ctx);
  end loop;
end
$$;

-- No role for the gateway: it reads no database, it asks identity's API (docs/adr/0021). A volume initialised
-- before that still has a `gateway` role: identity's migration 20261201000001 revokes what it was granted, and
-- `drop role gateway;` removes it.
