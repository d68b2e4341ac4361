import { sqlMigration } from '@dp/db';

/**
 * Email invites may now invite guests (`role` null) and SSO members (`sso`), as the official body allows, so a
 * pending invite keeps both until the account exists. `organizations.default_role` becomes the role plain
 * emails are invited with (null: guests, docs/adr/0037): until now it had no effect and every plain email got
 * `read`, so existing organizations whose value is null get `read`, which is what their invites gave, and new
 * ones start with `read`. The backfill runs with the default change, once (the default tells whether it ran),
 * so running this twice leaves an organization set to null afterwards alone.
 */
export const invitesSsoAndDefaultRole = sqlMigration(
  '20261210000005_invites_sso_and_default_role',
  `
      alter table invites alter column role drop not null;
      alter table invites add column if not exists sso boolean not null default false;
      do $migration$
      begin
        if (select column_default from information_schema.columns
             where table_schema = current_schema() and table_name = 'organizations' and column_name = 'default_role') is null then
          update organizations set default_role = 'read' where default_role is null;
          alter table organizations alter column default_role set default 'read';
        end if;
      end
      $migration$;
    `,
);
