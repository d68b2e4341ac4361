import { requireUser, type Role, type Asker } from '@dp/auth';
import { newId } from '@dp/db';
import type { SpaceSnapshot } from '@dp/events';
import { badRequest, conflict, notFound, type OnBehalfOf } from '@dp/http';
import type { Knex } from 'knex';
import type { ContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import type { Emit } from '@dp/bus';
import { SitesEvents } from '@dp/events';
import { insertSiteSpace, siteSpacesIn, findSiteSpace, type SiteSpaceWithSpace } from '../data/site-spaces';
import { sectionsOf } from '../data/site-sections';
import { siblingKey } from '../data/sibling-positions';
import { lockSite, type SiteRow } from '../data/sites';
import type { SpaceCopyRow } from '../data/space-copies';
import { SITE_WRITE, siteSpacePath } from '../domain/site-rules';
import { unknownSectionProblem } from '../domain/site-structure-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import { storeSpaceCopy } from './sync-space-copy';
import { positionsAtEnd } from './place-in-order';
import { siteSpaceEvent } from './site-structure';
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

/** Where a space is attached, and the `emit` that announces it (sites.site-space.created). */
export interface Attachment {
  /** Its section; null or omitted: the site's root. */
  sectionId?: string | null;
  emit?: Emit;
}

/**
 * Adds a space (its copy locked) to a section of a site, or to its root (the site locked): last, with a
 * path unique in that section, and its default when it has none. A space shows once per section.
 */
export async function attachSpace(trx: Knex.Transaction, site: SiteRow, copy: SpaceCopyRow, createdBy: string, { sectionId = null, emit }: Attachment = {}): Promise<string> {
  const existing = await siteSpacesIn(trx, site.id, sectionId);
  if (existing.some((s) => s.space_id === copy.id)) throw conflict(`Space ${copy.id} is already in this ${sectionId ? 'section' : 'site'}`);
  const id = newId();
  const path = siteSpacePath(copy.title, new Set(existing.map((s) => s.path)));
  const isDefault = !existing.some((s) => s.is_default);
  const [position] = await positionsAtEnd(trx, existing.map((s) => ({ key: siblingKey('site-space', s.id), position: s.position })));
  const row = await insertSiteSpace(trx, { id, site_id: site.id, section_id: sectionId, space_id: copy.id, path, is_default: isDefault, position, created_by: createdBy });
  await emit?.(trx, SitesEvents.SITE_SPACE_CREATED, siteSpaceEvent(site, row), site.id);
  return id;
}

/** The section a new site space goes to: the one named (400 when the site has no such section), else the default section, else the root. */
async function targetSection(db: Knex, siteId: string, sectionId: string | undefined): Promise<string | null> {
  const sections = await sectionsOf(db, siteId);
  if (sectionId !== undefined) {
    if (!sections.some((s) => s.id === sectionId)) throw badRequest(unknownSectionProblem('body.sectionId', sectionId, sections.length > 0));
    return sectionId;
  }
  return sections.find((s) => s.is_default)?.id ?? null;
}

/** POST SITE/site-spaces: one space, fresh from content, added to a section of the site or to its root. */
export async function addSiteSpace(
  ctx: SitesContext,
  content: ContentApi,
  who: Asker,
  organizationId: string,
  siteId: string,
  input: AddSiteSpaceBody,
): Promise<{ siteSpace: SiteSpaceWithSpace; site: SiteRow; role: Role }> {
  const { role } = await loadAuthorizedSite(ctx.db, who.caller, organizationId, siteId, SITE_WRITE);
  const userId = requireUser(who.caller);
  const field = () => 'body.spaceId';
  // Checked before asking content (a wrong section is a 400 whatever the space), again once the site is locked.
  await targetSection(ctx.db, siteId, input.sectionId);
  const [snapshot] = await fetchSpacesForSite(content, who.on, organizationId, [input.spaceId], field);
  return ctx.db.transaction(async (trx) => {
    const [copy] = await storeFreshCopies(trx, [snapshot], field);
    const site = await lockSite(trx, organizationId, siteId);
    if (!site) throw notFound('Site'); // deleted meanwhile
    const sectionId = await targetSection(trx, site.id, input.sectionId);
    const id = await attachSpace(trx, site, copy, userId, { sectionId, emit: ctx.emit });
    return { siteSpace: (await findSiteSpace(trx, site.id, id))!, site, role };
  });
}
