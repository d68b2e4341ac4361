import { sqlMigration } from '@dp/db';

/**
 * A site's Git Sync installation and the ones it manages (docs/adr/0115): a site's has no space; each space its
 * `gitbook-docs.yaml` names gets a space of its own, remembered by the node's key (`site_git_sync_spaces`), and,
 * where the node reads a directory of the repository, an installation whose parent is the site's.
 */
export const siteGitSyncInstallations = sqlMigration(
  '20261231000129_site_git_sync_installations',
  `
      alter table git_sync_installations alter column space_id drop not null;
      alter table git_sync_installations add column if not exists site_id text;
      alter table git_sync_installations add column if not exists parent_installation_id text references git_sync_installations(id) on delete cascade;
      -- A site's repository as push webhooks name it (a space's is its sync's): a push re-reads its gitbook-docs.yaml.
      alter table git_sync_installations add column if not exists repository_key text;
      create unique index if not exists git_sync_installations_one_per_site on git_sync_installations (site_id) where space_id is null;
      create index if not exists git_sync_installations_children on git_sync_installations (parent_installation_id) where parent_installation_id is not null;
      create index if not exists git_sync_installations_site_repository on git_sync_installations (repository_key) where space_id is null;
      do $$ begin
        if not exists (select 1 from pg_constraint where conname = 'git_sync_installations_target') then
          alter table git_sync_installations add constraint git_sync_installations_target
            check ((space_id is not null) or (site_id is not null and parent_installation_id is null));
        end if;
      end $$;
      create table if not exists site_git_sync_spaces (
        installation_id text not null references git_sync_installations(id) on delete cascade,
        key text not null,
        space_id text not null,
        created_at timestamptz not null default now(),
        primary key (installation_id, key)
      );
  `,
);
