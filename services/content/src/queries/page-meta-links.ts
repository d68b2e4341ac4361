import { abilitiesOf, type Caller } from '@dp/auth';
import type { Knex } from 'knex';
import { notFound } from '@dp/http';
import { translatedPagesOf } from '../data/space-translations';
import { findSpace, liveSpaceIdsAmong, type SpaceRow } from '../data/spaces';
import { spaceRolesOf } from './content-roles';

type Alternate = { space: string; page: string; language: string };

/**
 * The other language versions of a page (the official meta links' `alternates`): the same page in the source and
 * the results of the translations it belongs to (docs/adr/0105), each only where its space is not deleted and the
 * caller may view it. Which page translates which does not depend on the revision read.
 */
export async function pageAlternates(db: Knex, caller: Caller, space: SpaceRow, pageId: string): Promise<Alternate[]> {
  const alternates = await liveAlternates(db, space, pageId);
  if (!alternates.length) return [];
  const roleOf = await spaceRolesOf(db, caller, space.organization_id, [...new Set(alternates.map((a) => a.space))]);
  return alternates.filter((a) => abilitiesOf(roleOf(a.space)).view);
}

/**
 * The same for the sites publisher (its `hreflang` links), which asks as itself and shows only the alternates in
 * spaces its site publishes. A deleted or unknown space is a 404.
 */
export async function publishedAlternates(db: Knex, spaceId: string, pageId: string): Promise<Alternate[]> {
  const space = await findSpace(db, spaceId);
  if (!space || space.deleted_at) throw notFound('Space');
  return liveAlternates(db, space, pageId);
}

/** The page's translations in spaces of its organization that are not deleted. */
async function liveAlternates(db: Knex, space: SpaceRow, pageId: string): Promise<Alternate[]> {
  const translated = await translatedPagesOf(db, space.id, pageId);
  if (!translated.length) return [];
  const live = new Set(await liveSpaceIdsAmong(db, space.organization_id, [...new Set(translated.map((t) => t.space))]));
  return translated.filter((t) => live.has(t.space));
}
