import type { Role } from '@dp/auth';
import type { SpaceCounts, SpaceSnapshot } from '@dp/events';
import type { Links } from '@dp/http';
import { presentSpaceSnapshot, spaceSnapshotOf } from '@dp/presenters';
import type { SpaceRow } from '../data/spaces';

/** Space JSON for a caller with `role` in its organization. */
export function presentSpace(space: SpaceRow, role: Role | undefined, links: Links, counts?: SpaceCounts) {
  return presentSpaceSnapshot(spaceSnapshot(space, counts), role, links);
}

/** The snapshot content.space.* events carry, for contexts that keep a local copy (sites). */
export function spaceSnapshot(space: SpaceRow, counts?: SpaceCounts): SpaceSnapshot {
  return spaceSnapshotOf(space, counts);
}
