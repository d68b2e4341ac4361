import type { Knex } from 'knex';
import type { Emit } from '@dp/bus';
import { newId } from '@dp/db';
import { SitesEvents } from '@dp/events';
import type { Logger } from '@dp/log';
import { deleteGroupRow, groupsOf, insertGroup, updateGroup } from '../data/site-section-groups';
import { deleteSectionRow, insertSection, sectionsOf, updateSection } from '../data/site-sections';
import { deleteSiteSpaceRow, insertSiteSpace, siteSpacesOf, updateSiteSpace } from '../data/site-spaces';
import { lockSitesById, updateSite } from '../data/sites';
import { planStructure, StructureError, type StructureRead } from '../domain/git-sync-structure';
import { sectionEvent, siteSpaceEvent } from './site-structure';
import { storeSpaceCopy } from './sync-space-copy';

/** A path no node of a file can have (`~` is not a path character there): what a row holds while paths move. */
const parked = (id: string) => `~git-sync-${id}`;

/**
 * Makes a site's structure what its `gitbook-docs.yaml` says (content.git-sync.site-structure-read, docs/adr/0115),
 * in the delivery's transaction with the site locked: the spaces' copies stored, what the file no longer names
 * removed, what it names updated or made, in its order, each change announced as the API's commands announce it.
 * Unique paths and defaults are moved through parked values, so that two nodes may swap paths. A file the site
 * cannot take (a space outside the sections of a site with sections) changes nothing and is logged.
 */
export async function applyGitSyncStructure(trx: Knex.Transaction, emit: Emit, read: StructureRead, log: Logger): Promise<void> {
  const [site] = await lockSitesById(trx, [read.siteId]);
  if (!site || site.organization_id !== read.organizationId) return void log.info({ siteId: read.siteId }, 'git sync structure of a site that is gone: ignored');
  for (const snapshot of [...read.spaces].sort((a, b) => (a.id < b.id ? -1 : 1))) await storeSpaceCopy(trx, snapshot, { create: true });
  const [groups, sections, siteSpaces] = await Promise.all([groupsOf(trx, site.id), sectionsOf(trx, site.id), siteSpacesOf(trx, site.id)]);
  let plan;
  try {
    plan = planStructure(read.nodes, {
      groups: groups.map((g) => ({ id: g.id, key: g.git_sync_key ?? null, title: g.title })),
      sections: sections.map((s) => ({ id: s.id, key: s.git_sync_key ?? null, path: s.path })),
      siteSpaces: siteSpaces.map((s) => ({ id: s.id, key: s.git_sync_key ?? null, sectionId: s.section_id, spaceId: s.space_id })),
    });
  } catch (err) {
    if (!(err instanceof StructureError)) throw err;
    return void log.warn({ siteId: site.id, installationId: read.installationId, reason: err.message }, 'git sync structure refused: the site is unchanged');
  }
  const by = read.createdBy;

  for (const id of plan.remove.siteSpaces) {
    await deleteSiteSpaceRow(trx, id);
    await emit(trx, SitesEvents.SITE_SPACE_DELETED, siteSpaceEvent(site, siteSpaces.find((s) => s.id === id)!), site.id);
  }
  // Every remaining path and default parked before any is set.
  for (const s of plan.siteSpaces) if (s.rowId) await updateSiteSpace(trx, s.rowId, { path: parked(s.rowId), is_default: false });
  for (const s of sections) await updateSection(trx, s.id, { path: parked(s.id), is_default: false });

  const groupIds = new Map<string, string>();
  for (const { node, rowId, position } of plan.groups) {
    const row = { title: node.title, icon: node.icon ?? null, position, git_sync_key: node.key };
    if (rowId) {
      await updateGroup(trx, rowId, row);
      await emit(trx, SitesEvents.SITE_SECTION_GROUP_UPDATED, { siteSectionGroupId: rowId, siteId: site.id, organizationId: site.organization_id, changed: ['title', 'icon', 'position'] }, site.id);
      groupIds.set(node.key, rowId);
    } else {
      const made = await insertGroup(trx, { id: newId(), site_id: site.id, ...row, created_by: by });
      await emit(trx, SitesEvents.SITE_SECTION_GROUP_CREATED, { siteSectionGroupId: made.id, siteId: site.id, organizationId: site.organization_id, title: made.title }, site.id);
      groupIds.set(node.key, made.id);
    }
  }

  const sectionIds = new Map<string, string>();
  for (const { node, rowId, position, isDefault } of plan.sections) {
    const row = {
      title: node.title,
      description: node.description ?? null,
      icon: node.icon ?? null,
      path: node.path ?? node.key,
      section_group_id: node.parentKey === null ? null : groupIds.get(node.parentKey)!,
      is_default: isDefault,
      position,
      git_sync_key: node.key,
    };
    if (rowId) {
      await updateSection(trx, rowId, row);
      await emit(trx, SitesEvents.SITE_SECTION_UPDATED, { ...sectionEvent(site, rowId), changed: ['title', 'description', 'icon', 'path', 'group', 'default', 'position'] }, site.id);
      sectionIds.set(node.key, rowId);
    } else {
      const made = await insertSection(trx, { id: newId(), site_id: site.id, condition: null, created_by: by, ...row });
      await emit(trx, SitesEvents.SITE_SECTION_CREATED, { ...sectionEvent(site, made.id), title: made.title, path: made.path, default: made.is_default }, site.id);
      sectionIds.set(node.key, made.id);
    }
  }

  for (const { node, rowId, position, isDefault } of plan.siteSpaces) {
    const row = { space_id: node.spaceId, section_id: node.parentKey === null ? null : sectionIds.get(node.parentKey)!, path: node.path ?? node.key, is_default: isDefault, position, git_sync_key: node.key };
    if (rowId) {
      await updateSiteSpace(trx, rowId, row);
      await emit(trx, SitesEvents.SITE_SPACE_UPDATED, { ...siteSpaceEvent(site, { id: rowId, ...row }), changed: ['section', 'path', 'default', 'position'] }, site.id);
    } else {
      const made = await insertSiteSpace(trx, { id: newId(), site_id: site.id, created_by: by, ...row });
      await emit(trx, SitesEvents.SITE_SPACE_CREATED, siteSpaceEvent(site, made), site.id);
    }
  }

  // What the file no longer names goes last: its site spaces have moved out (or gone) by now.
  for (const id of plan.remove.sections) {
    await deleteSectionRow(trx, id);
    await emit(trx, SitesEvents.SITE_SECTION_DELETED, sectionEvent(site, id), site.id);
  }
  for (const id of plan.remove.groups) {
    await deleteGroupRow(trx, id);
    await emit(trx, SitesEvents.SITE_SECTION_GROUP_DELETED, { siteSectionGroupId: id, siteId: site.id, organizationId: site.organization_id }, site.id);
  }
  if (site.title !== read.title) {
    await updateSite(trx, site.id, { title: read.title });
    await emit(trx, SitesEvents.SITE_UPDATED, { siteId: site.id, organizationId: site.organization_id, title: read.title, visibility: site.visibility, changed: ['title'] }, site.id);
  }
  log.info({ siteId: site.id, installationId: read.installationId, groups: plan.groups.length, sections: plan.sections.length, siteSpaces: plan.siteSpaces.length, removed: plan.remove }, 'git sync structure applied');
}
