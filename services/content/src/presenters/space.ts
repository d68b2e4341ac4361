import type { Role } from '@dp/auth';
import type { SpaceCounts } from '@dp/events';
import type { Links } from '@dp/http';
import { presentSpaceSnapshot, spaceSnapshot } from '@dp/presenters';
import type { SpaceRow } from '../data/spaces';

/** Space JSON for a caller with `role` in its organization. */
export function presentSpace(space: SpaceRow, role: Role | undefined, links: Links, counts?: SpaceCounts) {
  return presentSpaceSnapshot(spaceSnapshot(space, counts), role, links);
}
