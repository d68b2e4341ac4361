import { sqlMigration } from '@dp/db';

/**
 * Collections (nestable groups of spaces) and the sibling order shared by collections and spaces: every item
 * has a `position` within its parent (a collection, or the organization's top level when `parent_id` is null).
 * Positions are doubles so an item can be placed between two siblings without touching the others; rows that
 * are inserted without one get the next value of one shared sequence, i.e. they land at the end.
 */
export const createCollections = sqlMigration(
  '20261122000102_create_collections',
  `
      create sequence if not exists sibling_positions;
      create table if not exists collections (
        seq bigint generated always as identity unique,
        id text primary key,
        organization_id text not null,
        parent_id text references collections(id),
        title text not null default '',
        description text,
        default_level text default 'inherit',
        position double precision not null default (nextval('sibling_positions') * 1024),
        created_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index if not exists collections_org on collections (organization_id, seq);
      create index if not exists collections_siblings on collections (organization_id, parent_id, position);
      create index if not exists collections_parent on collections (parent_id) where parent_id is not null;

      alter table spaces add column if not exists position double precision not null default (nextval('sibling_positions') * 1024);
      create index if not exists spaces_siblings on spaces (parent_id, position, seq) where deleted_at is null;
      do $$
      begin
        if not exists (select 1 from pg_constraint where conname = 'spaces_parent_collection_fk' and conrelid = 'spaces'::regclass) then
          alter table spaces add constraint spaces_parent_collection_fk foreign key (parent_id) references collections(id);
        end if;
      end
      $$;
    `,
);
