import type { Knex } from 'knex';
import type { SearchCursor } from '../domain/search/cursor';
import type { SearchTerms } from '../domain/search/query';
import { pageSearchText, type SearchPageRow } from '../domain/search/sections';

/**
 * The search index (`search_pages`, `search_sections`; ADR 0011): written by the worker from live
 * revisions, read by the search endpoints. Every read keeps to live spaces, so deleting or restoring a
 * space needs no re-indexing; a purge removes the rows with the space (cascade).
 */

/** Sections listed per page result: the best matching ones. */
export const SECTIONS_PER_PAGE = 5;

// ts_rank_cd normalization: 1 divides by 1 + log(length) (long pages do not win by size alone), 32 maps
// the rank into [0, 1) so that the page-title bonus of 1 always puts title matches first.
const RANK_NORMALIZATION = 33;
/** Characters of a section's text read to cut its excerpt from (bodies are stored uncompressed: a prefix is cheap). */
const EXCERPT_SOURCE_CHARS = 20_000;

/** The tsquery of a search, as SQL with its bindings (the text is always a binding, never SQL). */
function tsquery(terms: SearchTerms): { sql: string; bindings: string[] } {
  return terms.prefix
    ? { sql: `(websearch_to_tsquery('english', ?) && to_tsquery('english', ?))`, bindings: [terms.prefix.rest, `${terms.prefix.word}:*`] }
    : { sql: `websearch_to_tsquery('english', ?)`, bindings: [terms.text] };
}

// ---- writes (worker) ----

/** Drops the rows of these pages (their sections go with them). */
export async function removeSearchPages(trx: Knex.Transaction, spaceId: string, pageIds: string[]): Promise<void> {
  for (let i = 0; i < pageIds.length; i += 1000) {
    await trx('search_pages').where({ space_id: spaceId }).whereIn('page_id', pageIds.slice(i, i + 1000)).delete();
  }
}

export async function insertSearchPages(trx: Knex.Transaction, spaceId: string, pages: SearchPageRow[]): Promise<void> {
  for (let i = 0; i < pages.length; i += 50) {
    const batch = pages.slice(i, i + 50).map((page) => ({ page_id: page.pageId, title: page.title, path: page.path, description: page.description, ancestors: page.ancestors, includes: page.includes, ...pageSearchText(page) }));
    await trx.raw(
      `insert into search_pages (space_id, page_id, title, path, description, ancestors, includes, tsv)
       select ?, v.page_id, v.title, v.path, v.description, v.ancestors, array(select jsonb_array_elements_text(v.includes)),
              setweight(to_tsvector('english', v.title), 'A') || setweight(to_tsvector('english', v.headings), 'B') || setweight(to_tsvector('english', v.body), 'C')
         from jsonb_to_recordset(?::jsonb) as v(page_id text, title text, path text, description text, ancestors jsonb, includes jsonb, headings text, body text)`,
      [spaceId, JSON.stringify(batch)],
    );
  }
  const sections = pages.flatMap((page) => page.sections.map((s) => ({ space_id: spaceId, page_id: page.pageId, position: s.position, section_id: s.id, title: s.title, body: s.body })));
  for (let i = 0; i < sections.length; i += 500) await trx('search_sections').insert(sections.slice(i, i + 500));
}

/** Sets the path and ancestors of pages whose text did not change (only rows that differ are written). */
export async function moveSearchPages(trx: Knex.Transaction, spaceId: string, moves: Array<{ pageId: string; path: string; ancestors: string[] }>): Promise<void> {
  for (let i = 0; i < moves.length; i += 1000) {
    const batch = moves.slice(i, i + 1000).map((m) => ({ id: m.pageId, path: m.path, ancestors: m.ancestors }));
    await trx.raw(
      `update search_pages p set path = v.path, ancestors = v.ancestors
         from jsonb_to_recordset(?::jsonb) as v(id text, path text, ancestors jsonb)
        where p.space_id = ? and p.page_id = v.id and (p.path <> v.path or p.ancestors <> v.ancestors)`,
      [JSON.stringify(batch), spaceId],
    );
  }
}

// ---- reads (api) ----

/**
 * One space, every space of an organization but those hidden from the caller (docs/adr/0101), or some spaces (a
 * guest's, or those a published site shows: sites' internal search).
 */
export type SearchScope = { spaceId: string } | { organizationId: string; hiddenSpaceIds?: string[] } | { spaceIds: string[] };

export interface PageHit {
  space_id: string;
  space_title: string;
  page_id: string;
  title: string;
  path: string;
  description: string;
  ancestors: string[];
  /** Whether the page title itself matches (then score ≥ 1). */
  title_match: boolean;
  score: number;
}

export interface SectionHit {
  space_id: string;
  page_id: string;
  position: number;
  section_id: string;
  title: string;
  score: number;
  /** Whether the section's own text (heading, body) matches; else it stands for a page matched as a whole. */
  own: boolean;
  /** The beginning of the section's text, to cut the excerpt from. */
  body: string;
}

/**
 * One page of results, best first: matching pages of live spaces in the scope, scored by `ts_rank_cd`
 * (in [0, 1)) plus 1 when the page title itself matches; ties broken by space and page id. Also returns
 * the total number of matching pages.
 */
export async function searchPages(
  db: Knex,
  scope: SearchScope,
  terms: SearchTerms,
  { limit, after }: { limit: number; after?: SearchCursor },
): Promise<{ hits: PageHit[]; total: number }> {
  const q = tsquery(terms);
  // Live spaces only; the one space of a space search is checked once, not joined to every row.
  const [scopeSql, scopeBindings]: [string, Knex.RawBinding[]] =
    'spaceId' in scope
      ? ['p.space_id = ? and exists (select 1 from spaces sp where sp.id = ? and sp.deleted_at is null)', [scope.spaceId, scope.spaceId]]
      : 'spaceIds' in scope
        ? ['p.space_id in (select sp.id from spaces sp where sp.id = any(?::text[]) and sp.deleted_at is null)', [scope.spaceIds]]
        : [
            'p.space_id in (select sp.id from spaces sp where sp.organization_id = ? and sp.deleted_at is null and sp.id <> all(?::text[]))',
            [scope.organizationId, scope.hiddenSpaceIds ?? []],
          ];
  const hits = `
    select space_id, page_id, title_match, (rank + case when title_match then 1 else 0 end)::float8 as score from (
      select p.space_id, p.page_id, p.title_tsv @@ ${q.sql} as title_match, ts_rank_cd(p.tsv, ${q.sql}, ${RANK_NORMALIZATION}) as rank
        from search_pages p
       where ${scopeSql} and p.tsv @@ ${q.sql}
    ) m`;
  const hitBindings = [...q.bindings, ...q.bindings, ...scopeBindings, ...q.bindings];
  const cursorSql = after ? 'where h.score < ? or (h.score = ? and (h.space_id, h.page_id) > (?, ?))' : '';
  const cursorBindings = after ? [after.score, after.score, after.spaceId, after.pageId] : [];
  const { rows } = await db.raw(
    `with hits as (${hits})
     select t.space_id, sp.title as space_title, t.page_id, p.title, p.path, p.description, p.ancestors, t.title_match, t.score, t.total
       from (select h.*, (select count(*) from hits)::int as total from hits h ${cursorSql} order by h.score desc, h.space_id, h.page_id limit ?) t
       join search_pages p on p.space_id = t.space_id and p.page_id = t.page_id
       join spaces sp on sp.id = t.space_id
      order by t.score desc, t.space_id, t.page_id`,
    [...hitBindings, ...cursorBindings, limit],
  );
  if (rows.length > 0) return { hits: rows.map(({ total: _total, ...hit }: PageHit & { total: number }) => hit), total: rows[0].total };
  if (!after) return { hits: [], total: 0 };
  const { rows: counted } = await db.raw(`select count(*)::int as total from (${hits}) h`, hitBindings);
  return { hits: [], total: counted[0].total };
}

/**
 * The sections shown under each page result: those whose own text matches, best first (at most `perPage`),
 * or, for a page matched only as a whole (its title, or words spread over sections), its first section.
 * Also returns the query's lexemes, to cut excerpts around them.
 */
export async function matchingSections(
  db: Knex,
  pages: Array<{ space_id: string; page_id: string }>,
  terms: SearchTerms,
  perPage = SECTIONS_PER_PAGE,
): Promise<{ sections: SectionHit[]; stems: string[] }> {
  if (pages.length === 0) return { sections: [], stems: [] };
  const q = tsquery(terms);
  const [{ rows }, { rows: lexemes }] = await Promise.all([
    db.raw(
      `with m as (
         select s.space_id, s.page_id, s.position, s.section_id, s.title,
                s.tsv @@ ${q.sql} as own, ts_rank_cd(s.tsv, ${q.sql}, ${RANK_NORMALIZATION})::float8 as score
           from search_sections s
           join unnest(?::text[], ?::text[]) as k(space_id, page_id) on s.space_id = k.space_id and s.page_id = k.page_id
       ), ranked as (
         select m.*, row_number() over (partition by m.space_id, m.page_id order by m.own desc, m.score desc, m.position) as n
           from m
          where m.own or m.position = 0
       )
       select r.space_id, r.page_id, r.position, r.section_id, r.title, r.score, r.own, substr(s.body, 1, ${EXCERPT_SOURCE_CHARS}) as body
         from ranked r
         join search_sections s on s.space_id = r.space_id and s.page_id = r.page_id and s.position = r.position
        where r.n <= ? and (r.own or r.n = 1)
        order by r.space_id, r.page_id, r.n`,
      [...q.bindings, ...q.bindings, pages.map((p) => p.space_id), pages.map((p) => p.page_id), perPage],
    ),
    db.raw(`select distinct lexeme from unnest(to_tsvector('english', ?))`, [terms.text]),
  ]);
  return { sections: rows, stems: lexemes.map((l: { lexeme: string }) => l.lexeme) };
}

/** The indexed pages of a space that include any of `reusableContentIds` (docs/adr/0109). */
export const pagesIncluding = (db: Knex, spaceId: string, reusableContentIds: string[]): Promise<string[]> =>
  reusableContentIds.length ? db('search_pages').where({ space_id: spaceId }).whereRaw('includes && ?::text[]', [reusableContentIds]).pluck('page_id') : Promise.resolve([]);
