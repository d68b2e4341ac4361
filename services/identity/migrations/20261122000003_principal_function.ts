import { sqlMigration } from '@dp/db';

/**
 * `principal_for_token_hash(hash)`: who a token belongs to (the staff token, or a user with their role in
 * every organization), the one thing identity lets the gateway ask its database directly (docs/adr/0013).
 * SECURITY DEFINER with a fixed search_path: the caller needs EXECUTE on it and USAGE on the schema, and no
 * right on any table. EXECUTE is taken from PUBLIC and given to the `gateway` role when it exists
 * (infra/postgres creates it before the services first start). `staff_tokens` holds the hash of ADMIN_TOKEN,
 * written by the identity api at boot, so the staff secret never leaves identity's configuration.
 * Written with `format(...)` because the schema (namespaced in tests) is only known at run time.
 */
export const principalFunction = sqlMigration(
  '20261122000003_principal_function',
  `
      create table if not exists staff_tokens (
        name text primary key,
        token_hash text not null,
        updated_at timestamptz not null default now()
      );
      do $migration$
      begin
        execute format($fn$
          create or replace function %1$I.principal_for_token_hash(p_token_hash text)
            returns table (user_id text, staff boolean, memberships json)
            language plpgsql stable security definer
            set search_path = %1$I, pg_temp
          as $body$
          #variable_conflict use_column
          begin
            if exists (select 1 from staff_tokens s where s.token_hash = p_token_hash) then
              return query select null::text, true, '{}'::json;
              return;
            end if;
            return query
              select t.user_id, false,
                     coalesce((select json_object_agg(m.organization_id, m.role)
                                 from members m
                                where m.user_id = t.user_id and not m.disabled), '{}'::json)
                from api_tokens t
               where t.token_hash = p_token_hash and t.revoked_at is null;
          end
          $body$
        $fn$, current_schema());
        execute format('revoke all on function %I.principal_for_token_hash(text) from public', current_schema());
        if exists (select 1 from pg_roles where rolname = 'gateway') then
          execute format('grant usage on schema %I to gateway', current_schema());
          execute format('grant execute on function %I.principal_for_token_hash(text) to gateway', current_schema());
        end if;
      end
      $migration$;
    `,
);
