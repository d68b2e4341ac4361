import type { Caller } from '@dp/auth';
import { isUniqueViolation, newId } from '@dp/db';
import { SitesEvents } from '@dp/events';
import { badRequest, conflict, notFound } from '@dp/http';
import type { Knex } from 'knex';
import type { PublishedContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import {
  countSiteRedirects,
  deleteSiteRedirect,
  findSiteRedirect,
  findSiteRedirectBySource,
  insertSiteRedirect,
  updateSiteRedirect,
  type SiteRedirectPatch,
  type SiteRedirectRow,
} from '../data/site-redirects';
import { findSection } from '../data/site-sections';
import { findSiteSpaceRow, siteSpacesWithSpaceOf } from '../data/site-spaces';
import type { SiteRow } from '../data/sites';
import { isSafeExternal, matchKey, MAX_REDIRECTS_PER_SITE } from '../domain/site-redirects';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import type { BulkUpsertSiteRedirectsBody, CreateSiteRedirectBody, RedirectDestination, RedirectInputDestination, UpdateSiteRedirectBody } from '../schemas/site-redirects';

/** The site's redirects changed: the publisher drops its view of the site (and what it kept from it). */
const announce = (ctx: SitesContext, trx: Knex.Transaction, site: SiteRow) =>
  ctx.emit(trx, SitesEvents.SITE_UPDATED, { siteId: site.id, organizationId: site.organization_id, title: site.title, visibility: site.visibility, changed: ['redirects'] }, site.id);

/** Where a source matches, or a 400 (the official pattern admits only decodable sources; this is a backstop). */
function keyOf(source: string, where: string) {
  const key = matchKey(source);
  if (!key) throw badRequest(`${where} is not a decodable path`);
  return key;
}

/** A destination of this site only (a section, a site space, a page of a site space; never another site's). */
async function checkDestination(db: Knex, site: SiteRow, destination: RedirectDestination, where: string): Promise<RedirectDestination> {
  if (destination.kind === 'external' && !isSafeExternal(destination.url)) throw badRequest(`${where}.url must be an http(s) URL`);
  if (destination.kind === 'site-section' && !(await findSection(db, site.id, destination.siteSectionId))) throw badRequest(`${where}.siteSectionId is not a section of this site`);
  if ((destination.kind === 'site-space' || destination.kind === 'site-page') && !(await findSiteSpaceRow(db, site.id, destination.siteSpaceId)))
    throw badRequest(`${where}.siteSpaceId is not a site space of this site`);
  return destination;
}

/**
 * A destination as stored; a page named by its space and path is resolved to its id in the space's live
 * revision, which is what keeps following the page when it moves.
 */
async function resolveDestination(db: Knex, content: PublishedContentApi, site: SiteRow, input: RedirectInputDestination, where: string): Promise<RedirectDestination> {
  if (input.kind !== 'path') return checkDestination(db, site, input, where);
  const siteSpace = (await siteSpacesWithSpaceOf(db, site.id)).find((ss) => ss.space_id === input.spaceId);
  if (!siteSpace) throw badRequest(`${where}.spaceId is not a space of this site`);
  const tree = await content.tree(siteSpace.space_id, siteSpace.space.revision_id);
  const path = input.path.replace(/^\/+|\/+$/g, '');
  const page = tree?.pages.find((p) => p.type === 'document' && p.path === path);
  if (!page) throw badRequest(`${where}.path names no page of the space`);
  return { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: page.id };
}

async function insertChecked(trx: Knex.Transaction, row: Parameters<typeof insertSiteRedirect>[1]): Promise<SiteRedirectRow> {
  try {
    return await insertSiteRedirect(trx, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`body.source: the site has a ${row.draft ? 'draft' : 'live'} redirect from ${row.source} already`);
    throw err;
  }
}

async function ensureRoom(trx: Knex.Transaction, siteId: string, adding: number): Promise<void> {
  if ((await countSiteRedirects(trx, siteId)) + adding > MAX_REDIRECTS_PER_SITE) throw badRequest(`a site holds at most ${MAX_REDIRECTS_PER_SITE} redirects`);
}

/** POST SITE/redirects. */
export async function createRedirect(ctx: SitesContext, content: PublishedContentApi, caller: Caller, organizationId: string, siteId: string, body: CreateSiteRedirectBody): Promise<SiteRedirectRow> {
  const { site } = await loadAuthorizedSite(ctx.db, caller, organizationId, siteId, SITE_WRITE);
  const key = keyOf(body.source, 'body.source');
  // Resolved before the transaction: a path destination asks content for the space's tree.
  const destination = await resolveDestination(ctx.db, content, site, body.destination, 'body.destination');
  return ctx.db.transaction(async (trx) => {
    const { site: locked } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    await ensureRoom(trx, locked.id, 1);
    const row = await insertChecked(trx, {
      id: newId(),
      site_id: locked.id,
      source: body.source,
      match_path: key.matchPath,
      wildcard: key.wildcard,
      draft: body.draft ?? false,
      capture_wildcard: body.captureWildcard ?? false,
      permanent: body.permanent ?? false,
      destination,
    });
    await announce(ctx, trx, locked);
    return row;
  });
}

/** PATCH SITE/redirects/ID: `draft: false` promotes a draft (replacing the live redirect of its source). */
export async function updateRedirect(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, redirectId: string, body: UpdateSiteRedirectBody): Promise<SiteRedirectRow> {
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const current = await findSiteRedirect(trx, site.id, redirectId);
    if (!current) throw notFound('Site redirect');
    const destination = body.destination ? await checkDestination(trx, site, body.destination, 'body.destination') : undefined;
    const source = body.source ?? current.source;
    const patch: SiteRedirectPatch = {
      ...(body.source !== undefined ? { source: body.source, ...toColumns(keyOf(body.source, 'body.source')) } : {}),
      ...(body.draft !== undefined ? { draft: body.draft } : {}),
      ...(body.captureWildcard !== undefined ? { capture_wildcard: body.captureWildcard } : {}),
      ...(body.permanent !== undefined ? { permanent: body.permanent } : {}),
      ...(destination ? { destination } : {}),
    };
    // A draft promoted to live takes the place of the live redirect of its source.
    if (current.draft && body.draft === false) {
      const live = await findSiteRedirectBySource(trx, site.id, source, false);
      if (live && live.id !== current.id) await deleteSiteRedirect(trx, site.id, live.id);
    }
    let row: SiteRedirectRow;
    try {
      row = await updateSiteRedirect(trx, current.id, patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`body.source: the site has a redirect from ${source} already`);
      throw err;
    }
    await announce(ctx, trx, site);
    return row;
  });
}

const toColumns = (key: { matchPath: string; wildcard: boolean }) => ({ match_path: key.matchPath, wildcard: key.wildcard });

/** DELETE SITE/redirects/ID: false when there was none. */
export async function deleteRedirect(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, redirectId: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const removed = await deleteSiteRedirect(trx, site.id, redirectId);
    if (removed) await announce(ctx, trx, site);
    return removed;
  });
}

export type BulkResult =
  | { status: 'created' | 'updated' | 'published'; source: string; draft: boolean; id: string }
  | { status: 'deleted'; source: string; draft: boolean }
  | { status: 'error'; source: string; draft: boolean; error: string };

/**
 * PUT SITE/redirects: each item upserts, deletes (a null destination) or publishes a draft, in one transaction.
 * An item that cannot be applied is an `error` result; the others still apply (the official answer lists each).
 */
export async function bulkUpsertRedirects(ctx: SitesContext, content: PublishedContentApi, caller: Caller, organizationId: string, siteId: string, body: BulkUpsertSiteRedirectsBody): Promise<BulkResult[]> {
  const { site } = await loadAuthorizedSite(ctx.db, caller, organizationId, siteId, SITE_WRITE);
  // Destinations first (outside the transaction: a path asks content); a bad one is that item's error.
  const resolved = await Promise.all(
    body.redirects.map(async (item, i): Promise<RedirectDestination | null | Error | undefined> => {
      if (!('destination' in item) || item.destination === null) return 'destination' in item ? null : undefined;
      try {
        return await resolveDestination(ctx.db, content, site, item.destination, `body.redirects.${i}.destination`);
      } catch (err) {
        return err instanceof Error ? err : new Error(String(err));
      }
    }),
  );
  return ctx.db.transaction(async (trx) => {
    const { site: locked } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const results: BulkResult[] = [];
    for (const [i, item] of body.redirects.entries()) {
      const draft = 'intent' in item && item.intent === 'draft';
      const key = matchKey(item.source);
      const destination = resolved[i];
      if (!key) results.push({ status: 'error', source: item.source, draft, error: `body.redirects.${i}.source is not a decodable path` });
      else if (destination instanceof Error) results.push({ status: 'error', source: item.source, draft, error: destination.message });
      else if ('intent' in item && item.intent === 'publish') results.push(await publishDraft(trx, locked.id, item.source));
      else if (destination === null) results.push((await removeBySource(trx, locked.id, item.source, draft)) ? { status: 'deleted', source: item.source, draft } : { status: 'error', source: item.source, draft, error: 'no such redirect' });
      else if (destination && 'destination' in item) results.push(await upsert(trx, locked.id, item, draft, key, destination));
    }
    if (results.some((r) => r.status !== 'error')) await announce(ctx, trx, locked);
    return results;
  });
}

async function upsert(
  trx: Knex.Transaction,
  siteId: string,
  item: { source: string; captureWildcard?: boolean; permanent?: boolean },
  draft: boolean,
  key: { matchPath: string; wildcard: boolean },
  destination: RedirectDestination,
): Promise<BulkResult> {
  const existing = await findSiteRedirectBySource(trx, siteId, item.source, draft);
  const fields = { destination, capture_wildcard: item.captureWildcard ?? false, permanent: item.permanent ?? existing?.permanent ?? false };
  if (existing) return { status: 'updated', source: item.source, draft, id: (await updateSiteRedirect(trx, existing.id, fields)).id };
  if ((await countSiteRedirects(trx, siteId)) >= MAX_REDIRECTS_PER_SITE) return { status: 'error', source: item.source, draft, error: `a site holds at most ${MAX_REDIRECTS_PER_SITE} redirects` };
  const row = await insertSiteRedirect(trx, { id: newId(), site_id: siteId, source: item.source, ...toColumns(key), draft, ...fields });
  return { status: 'created', source: item.source, draft, id: row.id };
}

async function removeBySource(trx: Knex.Transaction, siteId: string, source: string, draft: boolean): Promise<boolean> {
  const existing = await findSiteRedirectBySource(trx, siteId, source, draft);
  return existing ? deleteSiteRedirect(trx, siteId, existing.id) : false;
}

/** The draft redirect of `source` becomes its live one (replacing any), and the draft is gone. */
async function publishDraft(trx: Knex.Transaction, siteId: string, source: string): Promise<BulkResult> {
  const draft = await findSiteRedirectBySource(trx, siteId, source, true);
  if (!draft) return { status: 'error', source, draft: true, error: 'no draft redirect from this source' };
  await removeBySource(trx, siteId, source, false);
  const live = await updateSiteRedirect(trx, draft.id, { draft: false });
  return { status: 'published', source, draft: false, id: live.id };
}
