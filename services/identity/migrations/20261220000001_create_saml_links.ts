import { sqlMigration } from '@dp/db';

/**
 * Which SAML providers may sign in which users (docs/adr/0056): a provider signs in only a user it created or
 * one whose owner linked it; `name_id` is the assertion's subject when the link was made (null: made here).
 * Link codes are what an existing account's owner confirms a link with: only their hash is kept, tied to the
 * provider, the asserted email and subject, short-lived and used once.
 *
 * Existing accounts: a link is backfilled only for a user a sign-in of that provider created. That can be told:
 * the sign-in created the user and their first token in one transaction, so the token's `created_at` equals the
 * user's (both `now()`), and the token is labelled after the provider (`SAML sign-in (<label>)`); the user must
 * still be an SSO member of the provider's organization, and exactly one of its providers must match the label.
 * Everyone else, among them any account a foreign provider signed in by email before this fix, links again.
 * The backfill runs once, with the table's creation, so a link its owner removed is not brought back.
 */
export const createSamlLinks = sqlMigration(
  '20261220000001_create_saml_links',
  `
      do $migration$
      begin
        if to_regclass(format('%I.saml_links', current_schema())) is null then
          create table saml_links (
            seq bigint generated always as identity unique,
            provider_id text not null references saml_providers(id) on delete cascade,
            user_id text not null references users(id) on delete cascade,
            name_id text,
            created_at timestamptz not null default now(),
            primary key (provider_id, user_id)
          );
          create index saml_links_user on saml_links (user_id, seq);
          insert into saml_links (provider_id, user_id, created_at)
            select min(p.id), u.id, u.created_at
              from users u
              join api_tokens t on t.user_id = u.id and t.created_at = u.created_at
              join saml_providers p on t.label = left('SAML sign-in (' || p.label || ')', 64)
              join members m on m.organization_id = p.organization_id and m.user_id = u.id and m.sso
             group by u.id, u.created_at
            having count(distinct p.id) = 1;
        end if;
      end
      $migration$;
      create table if not exists saml_link_codes (
        code_hash text primary key,
        provider_id text not null references saml_providers(id) on delete cascade,
        email text not null,
        name_id text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        consumed_at timestamptz
      );
      create index if not exists saml_link_codes_expiry on saml_link_codes (expires_at);
    `,
);
