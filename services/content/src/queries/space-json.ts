import type { Role } from '@dp/auth';
import type { Knex } from 'knex';
import type { Links } from '@dp/http';
import { countSpaces } from '../data/space-counts';
import type { SpaceRow } from '../data/spaces';
import { presentSpace } from '../presenters/space';

/** Space JSON with its true counters, for one space or a page of them (one counting query either way). */
export async function spacesJson(db: Knex, spaces: SpaceRow[], role: (space: SpaceRow) => Role | undefined, links: Links) {
  const counts = await countSpaces(db, spaces.map((s) => s.id));
  return spaces.map((space) => presentSpace(space, role(space), links, counts.get(space.id)));
}

export async function spaceJson(db: Knex, space: SpaceRow, role: Role | undefined, links: Links) {
  return (await spacesJson(db, [space], () => role, links))[0];
}
