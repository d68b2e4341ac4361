import type { Role } from '@dp/auth';
import type { Links } from '@dp/http';
import { presentSpaceSnapshot, spaceSnapshotOf } from '@dp/presenters';
import type { SpaceCopyRow } from '../data/space-copies';

/** The Space JSON a site space embeds, from this context's copy, exactly as content presents it. */
export function presentSpaceCopy(space: SpaceCopyRow, role: Role | undefined, links: Links) {
  return presentSpaceSnapshot(spaceSnapshotOf(space, space.counts), role, links);
}
