import type { Role } from '@dp/auth';
import type { Links } from '@dp/http';
import { presentSpaceSnapshot, spaceSnapshot } from '@dp/presenters';
import type { SpaceCopyRow } from '../data/space-copies';

/** The Space JSON a site space embeds, from this context's copy (counters when a snapshot carried them), exactly as content presents it. */
export function presentSpaceCopy(space: SpaceCopyRow, role: Role | undefined, links: Links) {
  return presentSpaceSnapshot(spaceSnapshot(space, space.counts), role, links);
}
