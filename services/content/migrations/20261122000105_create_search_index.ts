import { sqlMigration } from '@dp/db';

/**
 * The full-text search index (ADR 0011), built from each space's LIVE revision by the worker
 * (`content.revision.created` events with `live: true`):
 * - `search_pages`: one row per document page, with the tsvector of the whole page (title weight A,
 *   description and section headings B, text C; `english` configuration) under a GIN index. Matching,
 *   counting, ranking and paging run on these rows only: one row per result.
 * - `search_sections`: the page's sections (split at headings), read only for the pages of one results
 *   page, to list the matching sections with an excerpt; their tsvector needs no index.
 *
 * Rows go with their space when it is purged (cascade). A deleted space's rows stay: every query keeps
 * to live spaces, so a restored space is searchable again at once, without re-indexing.
 *
 * Storage: a match reads the page's tsvector, so it is kept in the row (MAIN, rows inline up to 8 kB) and
 * nothing else large is; section bodies, read only for excerpts, are stored out of line (EXTERNAL).
 */
export const createSearchIndex = sqlMigration(
  '20261122000105_create_search_index',
  `
      create table if not exists search_pages (
        space_id text not null references spaces(id) on delete cascade,
        page_id text not null,
        title text not null,
        path text not null,
        description text not null default '',
        ancestors jsonb not null default '[]',
        tsv tsvector not null,
        title_tsv tsvector generated always as (to_tsvector('english'::regconfig, title)) stored,
        primary key (space_id, page_id)
      ) with (toast_tuple_target = 8160);
      alter table search_pages alter column tsv set storage main;
      create index if not exists search_pages_tsv on search_pages using gin (tsv);

      create table if not exists search_sections (
        space_id text not null,
        page_id text not null,
        position int not null,
        section_id text not null,
        title text not null,
        body text not null,
        tsv tsvector generated always as (
          setweight(to_tsvector('english'::regconfig, case when section_id = '' then '' else title end), 'B') ||
          setweight(to_tsvector('english'::regconfig, body), 'C')
        ) stored,
        primary key (space_id, page_id, position),
        foreign key (space_id, page_id) references search_pages (space_id, page_id) on delete cascade
      );
      alter table search_sections alter column body set storage external;
  `,
);
