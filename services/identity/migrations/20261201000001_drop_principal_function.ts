import { sqlMigration } from '@dp/db';

/**
 * The gateway no longer reads identity's database (docs/adr/0021 supersedes 0013): it asks identity's
 * internal API. So `principal_for_token_hash` goes, and with it what migration 20261122000003 granted the
 * `gateway` role (USAGE on this schema); the role itself is infra's (infra/postgres no longer creates it).
 * `staff_tokens` stays: identity resolves the staff token from it. Safe to run twice.
 */
export const dropPrincipalFunction = sqlMigration(
  '20261201000001_drop_principal_function',
  `
      drop function if exists principal_for_token_hash(text);
      do $migration$
      begin
        if exists (select 1 from pg_roles where rolname = 'gateway') then
          execute format('revoke all on schema %I from gateway', current_schema());
        end if;
      end
      $migration$;
    `,
);
