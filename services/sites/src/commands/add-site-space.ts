import { requireUser, type Caller, type Role } from '@dp/auth';
import { newId } from '@dp/db';
import type { SpaceSnapshot } from '@dp/events';
import { badRequest, conflict, notFound, type OnBehalfOf } from '@dp/http';
import type { Knex } from 'knex';
import type { ContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { insertSiteSpace, siteSpacesOf, findSiteSpace, type SiteSpaceWithSpace } from '../data/site-spaces';
import { lockSite, type SiteRow } from '../data/sites';
import type { SpaceCopyRow } from '../data/space-copies';
import { chooseDefaultSiteSpace, SITE_WRITE, siteSpacePath } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import { storeSpaceCopy } from './sync-space-copy';
import type { AddSiteSpaceBody } from '../schemas/site-spaces';

/**
 * Asks content for each space, fresh, on behalf of the caller: it must exist for them, be live and belong
 * to the site's organization. Spaces that do not are refused with the body field to blame.
 */
export async function fetchSpacesForSite(content: ContentApi, on: OnBehalfOf, organizationId: string, spaceIds: string[], field: (i: number) => string): Promise<SpaceSnapshot[]> {
  const snapshots = await Promise.all(spaceIds.map((id) => content.fetchSpace(id, on)));
  return snapshots.map((space, i) => {
    const id = spaceIds[i];
    if (!space) throw badRequest(`${field(i)}: space ${id} does not exist`);
    if (space.organization !== organizationId) throw badRequest(`${field(i)}: space ${id} belongs to another organization than the site`);
    if (space.deletedAt) throw badRequest(`${field(i)}: space ${id} is deleted`);
    return space;
  });
}

/**
 * Stores fresh copies of the spaces (locked, in id order so that concurrent writers never deadlock) and
 * refuses a space that a newer event already marked deleted.
 */
export async function storeFreshCopies(trx: Knex.Transaction, snapshots: SpaceSnapshot[], field: (i: number) => string): Promise<SpaceCopyRow[]> {
  const byId = new Map<string, SpaceCopyRow>();
  for (const snapshot of [...snapshots].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const { copy } = await storeSpaceCopy(trx, snapshot, { create: true });
    byId.set(snapshot.id, copy!);
  }
  return snapshots.map((s, i) => {
    const copy = byId.get(s.id)!;
    if (copy.deleted_at) throw badRequest(`${field(i)}: space ${s.id} is deleted`);
    return copy;
  });
}

/** Adds a space (its copy locked) to a site (locked): a unique path, and the default when the site has none. */
export async function attachSpace(trx: Knex.Transaction, site: SiteRow, copy: SpaceCopyRow, createdBy: string): Promise<string> {
  const existing = await siteSpacesOf(trx, site.id);
  if (existing.some((s) => s.space_id === copy.id)) throw conflict(`Space ${copy.id} is already in this site`);
  const id = newId();
  const path = siteSpacePath(copy.title, new Set(existing.map((s) => s.path)));
  const isDefault = chooseDefaultSiteSpace([...existing.map((s) => ({ id: s.id, isDefault: s.is_default })), { id, isDefault: false }]) === id;
  await insertSiteSpace(trx, { id, site_id: site.id, space_id: copy.id, path, is_default: isDefault, created_by: createdBy });
  return id;
}

/** POST SITE/site-spaces: one space, fresh from content, added to the site. */
export async function addSiteSpace(
  ctx: SitesContext,
  content: ContentApi,
  who: { caller: Caller; on: OnBehalfOf },
  organizationId: string,
  siteId: string,
  input: AddSiteSpaceBody,
): Promise<{ siteSpace: SiteSpaceWithSpace; site: SiteRow; role: Role }> {
  const { role } = await loadAuthorizedSite(ctx.db, who.caller, organizationId, siteId, SITE_WRITE);
  const userId = requireUser(who.caller);
  // Sections arrive with the site-sections slice: no section exists yet, so any section id is unknown.
  if (input.sectionId !== undefined) throw badRequest(`body.sectionId: site section ${input.sectionId} does not exist in this site (the site has no sections)`);
  const field = () => 'body.spaceId';
  const [snapshot] = await fetchSpacesForSite(content, who.on, organizationId, [input.spaceId], field);
  return ctx.db.transaction(async (trx) => {
    const [copy] = await storeFreshCopies(trx, [snapshot], field);
    const site = await lockSite(trx, organizationId, siteId);
    if (!site) throw notFound('Site'); // deleted meanwhile
    const id = await attachSpace(trx, site, copy, userId);
    return { siteSpace: (await findSiteSpace(trx, site.id, id))!, site, role };
  });
}
