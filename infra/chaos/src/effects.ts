import type { Knex } from 'knex';

/**
 * What the contexts keep of each other's changes, read from their databases once the stack has settled
 * (docs/adr/0116): each check names what disagrees, at most 20 of a kind. Links need none: content derives them
 * from the revision when they are read (cached by document hash), so they cannot lag behind it.
 */
export type Schemas = Record<string, string>;

const LIMIT = 20;

/** No site shows a space content deleted; sites' copy of every live space has content's title and revision. */
export async function sitesAgree(db: Knex, { content, sites }: Schemas): Promise<string[]> {
  const out: string[] = [];
  const shownDeleted = await db.raw(`select ss.site_id, ss.space_id from ${sites}.site_spaces ss join ${content}.spaces s on s.id = ss.space_id where s.deleted_at is not null limit ${LIMIT}`);
  for (const row of shownDeleted.rows) out.push(`site ${row.site_id} still shows space ${row.space_id}, which content deleted`);
  const stale = await db.raw(
    `select c.id, c.title as copy_title, s.title, c.revision_id as copy_revision, s.revision_id from ${sites}.space_copies c join ${content}.spaces s on s.id = c.id
      where c.deleted_at is null and s.deleted_at is null and (c.title <> s.title or c.revision_id <> s.revision_id) limit ${LIMIT}`,
  );
  for (const row of stale.rows) out.push(`sites' copy of space ${row.id} is "${row.copy_title}" at ${row.copy_revision}; content has "${row.title}" at ${row.revision_id}`);
  return out;
}

/** Every translation of a space content deleted is stopped (`source_deleted_at`). */
export async function translationsStopped(db: Knex, { content, translations }: Schemas): Promise<string[]> {
  const { rows } = await db.raw(
    `select t.id, t.source_space_id from ${translations}.translations t join ${content}.spaces s on s.id = t.source_space_id
      where s.deleted_at is not null and t.source_deleted_at is null limit ${LIMIT}`,
  );
  return rows.map((row: { id: string; source_space_id: string }) => `translation ${row.id} still runs, although content deleted its space ${row.source_space_id}`);
}

/**
 * The search index of every live space holds exactly the document pages of its current revision, under their
 * titles: none missing or under an old title, none that the revision no longer has.
 */
export async function searchCurrent(db: Knex, { content }: Schemas): Promise<string[]> {
  const { rows } = await db.raw(
    `with live as (
       select s.id as space_id, r.page_chunks, r.pages from ${content}.spaces s join ${content}.revisions r on r.id = s.revision_id where s.deleted_at is null
     ), pages as (
       select l.space_id, p->>'id' as page_id, p->>'title' as title
         from live l cross join lateral unnest(l.page_chunks) as h(hash) join ${content}.page_chunks c on c.hash = h.hash cross join lateral jsonb_array_elements(c.pages) p
        where p->>'type' = 'document'
       union all
       select l.space_id, p->>'id', p->>'title' from live l cross join lateral jsonb_array_elements(l.pages) p where l.page_chunks is null and p->>'type' = 'document'
     )
     (select 'missing' as what, p.space_id, p.page_id, p.title from pages p
       where not exists (select 1 from ${content}.search_pages sp where sp.space_id = p.space_id and sp.page_id = p.page_id and sp.title = p.title) limit ${LIMIT})
     union all
     (select 'left over', sp.space_id, sp.page_id, sp.title from ${content}.search_pages sp join live l on l.space_id = sp.space_id
       where not exists (select 1 from pages p where p.space_id = sp.space_id and p.page_id = sp.page_id) limit ${LIMIT})`,
  );
  return rows.map((row: { what: string; space_id: string; page_id: string; title: string }) =>
    row.what === 'missing'
      ? `search does not find page ${row.page_id} ("${row.title}") of space ${row.space_id} as its current revision has it`
      : `search still finds page ${row.page_id} ("${row.title}") of space ${row.space_id}, which its current revision does not have`,
  );
}

/**
 * Each integration event has, in its attempt log, one delivery if it was delivered and none otherwise: an
 * attempt's outcome is recorded once, and an event is never delivered twice. The log's wording is
 * `attemptMessage`'s (services/integrations/src/commands/deliver-event.ts): a delivery ends with "; delivered".
 */
export async function integrationEventsDeliveredOnce(db: Knex, { integrations }: Schemas): Promise<string[]> {
  const { rows } = await db.raw(
    `select e.id, e.status, count(l.seq)::int as delivered
       from ${integrations}.integration_events e left join ${integrations}.integration_event_logs l on l.event_id = e.id and l.message like '%; delivered'
      group by e.id, e.status
     having count(l.seq) <> case when e.status = 'success' then 1 else 0 end
      limit ${LIMIT}`,
  );
  return rows.map((row: { id: string; status: string; delivered: number }) => `integration event ${row.id} is ${row.status} with ${row.delivered} deliveries in its attempt log`);
}

/** Integration events not yet delivered or given up: what the settle loop waits for besides the inboxes. */
export async function integrationEventsPending(db: Knex, { integrations }: Schemas): Promise<number> {
  return (await db.raw(`select count(*)::int as n from ${integrations}.integration_events where status = 'pending'`)).rows[0].n;
}

/** Once settled, every integration event is delivered or given up. */
async function integrationEventsSettled(db: Knex, schemas: Schemas): Promise<string[]> {
  const pending = await integrationEventsPending(db, schemas);
  return pending ? [`${pending} integration events are still neither delivered nor given up`] : [];
}

/** How much the checks above looked at: so that a report of no disagreement is not one of nothing checked. */
export interface EffectsChecked {
  liveSpaces: number;
  indexedPages: number;
  stoppedTranslations: number;
  deliveredIntegrationEvents: number;
  failedIntegrationEvents: number;
}

export async function effectsChecked(db: Knex, { content, translations, integrations }: Schemas): Promise<EffectsChecked> {
  const { rows } = await db.raw(
    `select (select count(*) from ${content}.spaces where deleted_at is null)::int as "liveSpaces",
            (select count(*) from ${content}.search_pages sp join ${content}.spaces s on s.id = sp.space_id where s.deleted_at is null)::int as "indexedPages",
            (select count(*) from ${translations}.translations where source_deleted_at is not null)::int as "stoppedTranslations",
            (select count(*) from ${integrations}.integration_events where status = 'success')::int as "deliveredIntegrationEvents",
            (select count(*) from ${integrations}.integration_events where status = 'failed')::int as "failedIntegrationEvents"`,
  );
  return rows[0];
}

/** Every check above. */
export async function effectsDisagreements(db: Knex, schemas: Schemas): Promise<string[]> {
  const found = await Promise.all([sitesAgree, translationsStopped, searchCurrent, integrationEventsDeliveredOnce, integrationEventsSettled].map((check) => check(db, schemas)));
  return found.flat();
}
