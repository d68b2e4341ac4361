import { abilitiesOf, type Caller } from '@dp/auth';
import type { Knex } from 'knex';
import { translatedPagesOf } from '../data/space-translations';
import { liveSpaceIdsAmong, type SpaceRow } from '../data/spaces';
import { spaceRolesOf } from './content-roles';

/**
 * The other language versions of a page (the official meta links' `alternates`): the same page in the source and
 * the results of the translations it belongs to (docs/adr/0105), each only where its space is not deleted and the
 * caller may view it. Which page translates which does not depend on the revision read.
 */
export async function pageAlternates(db: Knex, caller: Caller, space: SpaceRow, pageId: string): Promise<Array<{ space: string; page: string; language: string }>> {
  const translated = await translatedPagesOf(db, space.id, pageId);
  if (!translated.length) return [];
  const ids = [...new Set(translated.map((t) => t.space))];
  const live = new Set(await liveSpaceIdsAmong(db, space.organization_id, ids));
  const roleOf = await spaceRolesOf(db, caller, space.organization_id, [...live]);
  return translated.filter((t) => live.has(t.space) && abilitiesOf(roleOf(t.space)).view);
}
